//! The draw rules of the FIDE Laws of Chess, applied to a game's main line (`arbiter audit`)
//! and to single positions (`arbiter audit --positions`).
//!
//! * Position identity (art. 9.2.2): same player to move, same pieces on the same squares, same
//!   castling rights as they stand, and an en passant capture only when it is legal. Positions are
//!   hashed (shakmaty Zobrist, legal en passant) and every repetition is confirmed by comparing
//!   the positions themselves, so a hash collision cannot produce a verdict.
//! * Threefold repetition, claimable (art. 9.2.1): the position has appeared three times, or a
//!   legal move would make a position appear the third time ("about to appear": that move is
//!   named).
//! * Fifty-move rule, claimable (art. 9.3): 100 plies without a pawn move or capture, or a move
//!   that is neither would complete them (a claiming move that gives mate or stalemate still
//!   counts).
//! * Automatic draws (art. 9.6, in the Laws from 1 July 2014 on): fivefold repetition; 150 plies
//!   without pawn move or capture, unless the move completing them gave checkmate.
//! * Stalemate (art. 5.2.1) and dead position (art. 5.2.2) end the game at once.
//! * House rules (profiles, [`Profile`]): automatic draws by repetition and quiet moves at other
//!   thresholds, perpetual check, and limits on resigning and losing on time early.
//!
//! Thresholds and rule names are data: a [`Profile`] (TOML; `fide`, the default, and `platform`
//! are built in), judged per game in the edition of the Laws that applies ([`RuleSet`]).
//! Counting starts at the game's first position, FEN halfmove clock included.
//!
//! The audit is a visitor of the one game walk ([`Auditor`]): it judges each main-line position
//! as the walk reaches it, so a game is read and replayed once.

mod auditor;
mod claims;
mod dead;
mod profile;
mod record;
mod repetition;

pub use crate::analysis::text::{pgn_move, same_position};
pub use auditor::Auditor;
pub use dead::{FINAL_BUDGET, PositionVerdict, classify, dead_position, final_verdict, material};

use crate::analysis::unwinnable;
pub use profile::{
    BUILT_IN, Laws, LawsBasis, LawsFamily, LawsOption, PerpetualCheck, Profile, ProfileError,
    QuietMoves, QuietRule, Repetition, RepetitionRule, Resignation, TimeForfeit, laws_for,
    resignation_draws,
};

use crate::analysis::walk::{GameText, walk};
use crate::model::AuditReport;

/// The rules one game is judged by: its profile's, in the edition of the Laws that applies to it
/// (the earlier Laws have no automatic draws by repetition or quiet moves, art. 9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The profile.
    pub profile: &'static Profile,
    /// The edition of the Laws and why (`None` for a profile that does not follow the Laws).
    pub laws: Option<(Laws, LawsBasis)>,
    /// A repetition claim (art. 9.2), if the profile has one.
    pub repetition_claim: Option<&'static RepetitionRule>,
    /// An automatic draw by repetition (art. 9.6.1), if in force.
    pub repetition_automatic: Option<&'static RepetitionRule>,
    /// A quiet-move claim (art. 9.3), if the profile has one.
    pub quiet_claim: Option<&'static QuietRule>,
    /// An automatic draw by quiet moves (art. 9.6.2), if in force.
    pub quiet_automatic: Option<&'static QuietRule>,
}

impl RuleSet {
    /// The rules of `profile` under `laws` (ignored for a profile that does not follow the Laws).
    pub fn new(profile: &'static Profile, laws: (Laws, LawsBasis)) -> RuleSet {
        let laws = profile.follows_fide_laws().then_some(laws);
        let automatic = !matches!(laws, Some((Laws::Pre2014, _)));
        RuleSet {
            profile,
            laws,
            repetition_claim: profile.repetition.claim.as_ref(),
            repetition_automatic: profile.repetition.automatic.as_ref().filter(|_| automatic),
            quiet_claim: profile.quiet_moves.claim.as_ref(),
            quiet_automatic: profile.quiet_moves.automatic.as_ref().filter(|_| automatic),
        }
    }

    /// The rules of the FIDE Laws in force today.
    pub fn fide() -> RuleSet {
        RuleSet::new(Profile::fide(), (Laws::Current, LawsBasis::Option))
    }

    /// Occurrences worth counting: the most any repetition rule of the profile needs (whatever
    /// the edition, so that the plies listed do not depend on it).
    pub fn repetition_cap(&self) -> usize {
        let r = &self.profile.repetition;
        [&r.claim, &r.automatic]
            .into_iter()
            .flatten()
            .map(|r| r.occurrences as usize)
            .max()
            .unwrap_or(1)
    }
}

/// Which rules the audit applies (`--rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Repetition (threefold and fivefold, or the profile's).
    pub repetition: bool,
    /// Moves without pawn move or capture (fifty and seventy-five moves, or the profile's).
    pub fifty: bool,
    /// Stalemate.
    pub stalemate: bool,
    /// Dead position, insufficient material included.
    pub dead: bool,
    /// Perpetual check (profiles that have it).
    pub perpetual: bool,
    /// How the game ended: resignation and time forfeit rules (profiles that have them).
    pub termination: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            repetition: true,
            fifty: true,
            stalemate: true,
            dead: true,
            perpetual: true,
            termination: true,
        }
    }
}

/// Which claims available and not made `--missed` reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Missed {
    /// None (no `--missed`).
    #[default]
    Off,
    /// The first ply of each rule, with a count of the further plies (`--missed`).
    First,
    /// Every ply (`--missed=all`).
    All,
}

/// How the audit decides that the winner of a decisive game can no longer checkmate in the final
/// position (art. 6.9 on time, 5.1.2 on resignation since 2023).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CannotMate {
    /// By the winner's material alone (K v K+Q, K+N v K: [`unwinnable::Material`]).
    Material,
    /// By the whole procedure of [`unwinnable`]: material, pawn walls, forced moves and a search
    /// within the budget ([`FINAL_BUDGET`] by default; a position it does not decide gives no
    /// verdict).
    Search(unwinnable::Budget),
}

impl Default for CannotMate {
    fn default() -> CannotMate {
        CannotMate::Search(FINAL_BUDGET)
    }
}

/// Options of the game audit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuditOptions {
    /// The rules applied.
    pub rules: Rules,
    /// Report the points where a draw claim was available and play went on.
    pub missed: Missed,
    /// The edition of the Laws.
    pub laws: LawsOption,
    /// The profile.
    pub profile: &'static Profile,
    /// How a winner that cannot checkmate is found in the final position.
    pub cannot_mate: CannotMate,
}

impl Default for AuditOptions {
    fn default() -> AuditOptions {
        AuditOptions {
            rules: Rules::default(),
            missed: Missed::Off,
            laws: LawsOption::Auto,
            profile: Profile::fide(),
            cannot_mate: CannotMate::default(),
        }
    }
}

/// Verdict codes.
pub mod code {
    use crate::model::Code;

    /// An automatic end (fivefold, 75 moves, stalemate, dead position) was reached, yet the game
    /// went on.
    pub const AUTOMATIC_IGNORED: Code = Code::DrawAutomaticIgnored;
    /// As [`AUTOMATIC_IGNORED`], but the draw the automatic end gives is the result recorded.
    pub const PLAYED_ON: Code = Code::DrawPlayedOn;
    /// The recorded result is not the one the moves give.
    pub const CONTRADICTED: Code = Code::ResultContradicted;
    /// A draw by repetition or fifty moves is recorded, but no such claim was available.
    pub const CLAIM_UNSUPPORTED: Code = Code::DrawClaimUnsupported;
    /// A threefold or fifty-move claim was available and play went on (`--missed`).
    pub const CLAIM_AVAILABLE: Code = Code::DrawClaimAvailable;
    /// A draw recorded where a claim was available at the end.
    pub const CLAIM_SUPPORTED: Code = Code::DrawClaimSupported;
    /// The record ends in a way the profile does not allow (a resignation too early).
    pub const NOT_ALLOWED: Code = Code::ResultNotAllowed;
    /// The main line has an illegal move: audited up to it.
    pub const INCOMPLETE: Code = Code::AuditIncomplete;
    /// Not audited: unsupported variant or unusable FEN.
    pub const SKIPPED: Code = Code::AuditSkipped;
}

/// Audits one game (see [`crate::analysis::check::check_game`] for the arguments); with
/// `names`, the report carries the game's Event, White and Black whether or not it has verdicts.
pub fn audit_game(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    col: u64,
    options: AuditOptions,
    names: bool,
) -> AuditReport {
    let auditor = Auditor::new(options, names);
    audit_with(bytes, index, offset, line, col, auditor)
}

/// [`audit_game`], recording besides the game's main line and more of its tags for the HTML
/// report ([`crate::model::GameInfo::context`]) when it has verdicts.
pub fn audit_game_in_context(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    col: u64,
    options: AuditOptions,
    names: bool,
) -> AuditReport {
    let mut auditor = Auditor::new(options, names);
    auditor.main_line = Some(crate::analysis::context::MainLine::default());
    audit_with(bytes, index, offset, line, col, auditor)
}

/// The walk of one game with `auditor`.
fn audit_with(
    bytes: &[u8],
    index: u64,
    offset: u64,
    line: u64,
    col: u64,
    mut auditor: Auditor,
) -> AuditReport {
    let text = GameText {
        bytes,
        index,
        offset,
        line,
        col,
        joined: false,
    };
    walk(text, &mut auditor)
}
