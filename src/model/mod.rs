//! Plain data shared by the engine, the analyses and the report formats.
//!
//! This module holds no logic beyond small constructors and imports nothing else from the crate,
//! so every other module can depend on it without creating cycles.

use serde::{Deserialize, Serialize};

mod code;
pub mod dedup;
mod fen;
pub mod filter;
pub mod fix;
pub mod identity;
pub mod interner;
mod records;
mod sorted_map;
pub mod standings;
pub mod stats;
mod table;

pub use code::{CODES, Code, CodeInfo, Severity, Table, markdown_table};
pub use fen::FenProblem;
pub use records::{MOVE_KEY_BYTES, MoveKeys, RecordWriter};
pub use table::*;

/// One problem found in one game.
///
/// Locations are 1-based: `line` counts lines of the input file (LF, CRLF and lone CR each end a
/// line) and `col` counts characters (UTF-8 code points; a byte that is not valid UTF-8 counts as
/// one character) from the start of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Error or warning.
    pub severity: Severity,
    /// Stable machine code, `family/kind`, e.g. `illegal-move/ambiguous` (see [`CODES`]).
    pub code: Code,
    /// 1-based ply in the game: the index of the half-move, counted from the start position
    /// (standard or FEN) along the main line, or along the variation for a finding inside one.
    /// `None` for findings about the whole game (tags, missing result...).
    pub ply: Option<u32>,
    /// The move in PGN style with its move number, e.g. `23...Nf3` (the token as written).
    pub move_text: Option<String>,
    /// The offending token as written (truncated to 80 characters).
    pub token: Option<String>,
    /// 1-based line of the offending token.
    pub line: u64,
    /// 1-based column (in characters) of the offending token.
    pub col: u64,
    /// FEN of the position before the move, for move findings.
    pub fen: Option<String>,
    /// Human-readable explanation; for notation warnings it names the standard SAN.
    pub message: String,
    /// True when the move stands inside a variation (recursive annotation variation).
    pub variation: bool,
    /// The standard SAN of the move the token was resolved to, when it could be resolved.
    pub san: Option<String>,
}

/// What the checker concluded about a whole game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// No findings.
    #[default]
    Ok,
    /// Only warnings.
    Warning,
    /// At least one error.
    Error,
    /// Not checked (a variant other than standard chess or Chess960).
    Skipped,
}

/// Per-game facts that every finding of the game shares, and that `--games` prints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// 1-based index of the game in its file.
    pub index: u64,
    /// Byte offset of the game's first non-blank byte in its file.
    pub offset: u64,
    /// 1-based line of the game's first non-blank byte.
    pub line: u64,
    /// Value of the Event tag (lossily decoded), if present.
    pub event: Option<String>,
    /// Value of the White tag, if present.
    pub white: Option<String>,
    /// Value of the Black tag, if present.
    pub black: Option<String>,
    /// The game-termination marker as written (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// Main-line plies accepted (replay stops at the first illegal main-line move).
    pub plies: u32,
    /// What the per-game records of `check --games` need besides: `None` without `--games`,
    /// and in every other subcommand.
    pub record: Option<Box<GameRecordInfo>>,
    /// What the HTML report shows of a game with findings besides (more tags, the main line):
    /// `None` but for `--format html`, and for a game without findings or verdicts.
    pub context: Option<Box<GameContext>>,
}

/// What the HTML report shows of a game besides [`GameInfo`]: more of its tags (decoded, cut as
/// Event is) and its main line as replayed (up to the first illegal main-line move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameContext {
    /// The Round tag.
    pub round: Option<String>,
    /// The Date tag.
    pub date: Option<String>,
    /// The Result tag.
    pub result: Option<String>,
    /// The main line's moves in standard SAN with check and mate suffixes (`e4 e5 Qh5 Nc6 Bc4
    /// Nf6 Qxf7#`), separated by single spaces, no move numbers.
    pub sans: String,
    /// For each main-line ply, in order, the squares the move goes from and to, 0 = a1 … 63 =
    /// h8 (a castling move: the king's squares).
    pub squares: Vec<[u8; 2]>,
}

impl GameContext {
    /// Bytes of memory the context holds, its own size included.
    pub fn memory(&self) -> usize {
        std::mem::size_of::<GameContext>()
            + text_memory(&self.round)
            + text_memory(&self.date)
            + text_memory(&self.result)
            + self.sans.capacity()
            + 2 * self.squares.capacity()
    }
}

/// The facts of a game that the records of `check --games` give besides [`GameInfo`]'s: the
/// tags a table is joined on (the columns `result`, `white_elo`, `black_elo` of `arbiter games`:
/// the tag values as written, decoded; `None` when absent), and the game's status and counts as
/// found, before `--only`/`--ignore`/`--errors-only` leave findings out of the output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecordInfo {
    /// The Result tag.
    pub result: Option<String>,
    /// The WhiteElo tag.
    pub white_elo: Option<String>,
    /// The BlackElo tag.
    pub black_elo: Option<String>,
    /// The status of the game, every finding counted.
    pub status: GameStatus,
    /// Error findings of the game, printed or not.
    pub errors: u64,
    /// Warning findings of the game, printed or not.
    pub warnings: u64,
}

/// Everything the checker says about one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// Tags and counts of the game.
    pub info: GameInfo,
    /// Findings in input order (by position in the file).
    pub findings: Vec<Finding>,
    /// True when the game was not checked (unsupported variant).
    pub skipped: bool,
}

/// Bytes of memory an optional string holds.
fn text_memory(text: &Option<String>) -> usize {
    text.as_ref().map_or(0, String::capacity)
}

impl GameInfo {
    /// Bytes of memory the record holds beyond its own size (its texts), as it waits for the
    /// writer.
    pub fn memory(&self) -> usize {
        let record = self.record.as_ref().map_or(0, |r| {
            std::mem::size_of::<GameRecordInfo>()
                + text_memory(&r.result)
                + text_memory(&r.white_elo)
                + text_memory(&r.black_elo)
        });
        [&self.event, &self.white, &self.black, &self.result]
            .into_iter()
            .map(text_memory)
            .sum::<usize>()
            + record
            + self.context.as_ref().map_or(0, |c| c.memory())
    }
}

impl GameReport {
    /// Bytes of memory the report holds, as it waits for the writer (an estimate from the
    /// capacities of its buffers: the findings of one game take at most some 0.5 MB, see
    /// `MAX_FINDINGS_PER_GAME`).
    pub fn memory(&self) -> usize {
        let finding = |f: &Finding| {
            text_memory(&f.move_text)
                + text_memory(&f.token)
                + text_memory(&f.fen)
                + f.message.capacity()
                + text_memory(&f.san)
        };
        std::mem::size_of::<GameReport>()
            + self.info.memory()
            + self.findings.capacity() * std::mem::size_of::<Finding>()
            + self.findings.iter().map(finding).sum::<usize>()
    }

    /// Number of findings with the given severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// The game's status and its error and warning counts as found: those recorded in
    /// [`GameInfo::record`] before findings were left out of the output, else those of
    /// [`GameReport::findings`].
    pub fn found(&self) -> (GameStatus, u64, u64) {
        match self.info.record.as_deref() {
            Some(r) => (r.status, r.errors, r.warnings),
            None => (
                self.status(),
                self.count(Severity::Error) as u64,
                self.count(Severity::Warning) as u64,
            ),
        }
    }

    /// Records the status and counts of [`GameReport::findings`] in [`GameInfo::record`] (made
    /// if absent), before findings are left out of the output.
    pub fn record_found(&mut self) {
        let (status, errors, warnings) = (
            self.status(),
            self.count(Severity::Error) as u64,
            self.count(Severity::Warning) as u64,
        );
        let record = self.info.record.get_or_insert_default();
        (record.status, record.errors, record.warnings) = (status, errors, warnings);
    }

    /// The game's status: skipped, error, warning or ok.
    pub fn status(&self) -> GameStatus {
        if self.skipped {
            GameStatus::Skipped
        } else if self.count(Severity::Error) > 0 {
            GameStatus::Error
        } else if self.count(Severity::Warning) > 0 {
            GameStatus::Warning
        } else {
            GameStatus::Ok
        }
    }
}

/// Totals of a run, printed last (in JSON Lines after `"type":"summary"`; `arbiter merge` reads
/// it back into this type: a field it does not know is refused).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// Input files read (standard input counts as one).
    pub files: u64,
    /// Input files that could not be opened or read to the end (reported on standard error).
    pub files_failed: u64,
    /// Games read.
    pub games: u64,
    /// Games with at least one error.
    pub games_with_errors: u64,
    /// Games with warnings but no error (a game is counted once, by its worst finding).
    pub games_with_warnings: u64,
    /// Games not checked (unsupported variant).
    pub games_skipped: u64,
    /// Error findings.
    pub errors: u64,
    /// Warning findings.
    pub warnings: u64,
    /// Main-line plies accepted, over all games.
    pub plies: u64,
    /// Input bytes read.
    pub bytes: u64,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// Findings counted above but not printed (`--only`, `--ignore`, `--errors-only`); absent
    /// from JSON when none were hidden.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hidden: u64,
    /// The run's inputs, shard and options (`check` writes it; absent from the summaries of
    /// `pgn` and `fen`, which are not merged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<identity::RunRecord<identity::CheckRun>>,
}

/// Whether a count is zero (for `skip_serializing_if`).
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Summary {
    /// Adds one game's report to the totals.
    pub fn add_game(&mut self, report: &GameReport) {
        self.games += 1;
        self.plies += u64::from(report.info.plies);
        let errors = report.count(Severity::Error) as u64;
        let warnings = report.count(Severity::Warning) as u64;
        self.errors += errors;
        self.warnings += warnings;
        match report.status() {
            GameStatus::Error => self.games_with_errors += 1,
            GameStatus::Warning => self.games_with_warnings += 1,
            GameStatus::Skipped => self.games_skipped += 1,
            GameStatus::Ok => {}
        }
    }
}

/// A verdict of `arbiter audit` about one game (FIDE Laws arts. 5, 9, or a profile's rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Stable code: `draw/automatic-ignored`, `draw/played-on`, `result/contradicted`, `result/not-allowed`,
    /// `draw/claim-unsupported`, `draw/claim-supported`, `draw/claim-available`,
    /// `audit/incomplete` or `audit/skipped`.
    pub code: Code,
    /// The code's severity: [`Severity::Error`] for verdicts that say the record is wrong;
    /// [`Severity::Warning`] for moves played on after the automatic draw recorded
    /// (`draw/played-on`); [`Severity::Info`] for claims available or supported and audits
    /// incomplete or skipped.
    pub severity: Severity,
    /// The rule: `threefold`, `fivefold`, `fifty-move`, `seventy-five-move`, `stalemate`,
    /// `insufficient-material`, `dead-position`, `cannot-checkmate` (the winner of a decisive
    /// game cannot checkmate, by more than its material: art. 6.9, 5.1.2), `checkmate`, or a
    /// profile's rule name
    /// (`house/30-move`...); `None` for `audit/incomplete` and `audit/skipped`.
    pub rule: Option<&'static str>,
    /// The verdict is about the position after this ply (0 = the start position).
    pub ply: u32,
    /// The move that led to that position in PGN style (`38...Kg8`), `None` at ply 0.
    pub move_text: Option<String>,
    /// 1-based line of that move in the file (the game's first line at ply 0 and for a game
    /// not audited).
    pub line: u64,
    /// 1-based column (characters) of that move (1 where there is no move).
    pub col: u64,
    /// For a claim "about to appear" (art. 9.2.1.1) or a fifty-move claim completed by a move
    /// (art. 9.3.1): the move to write, in SAN.
    pub claim_move: Option<String>,
    /// Plies at which the repeated position stood (repetition rules), in order.
    pub occurrences: Vec<u32>,
    /// For the first claim of a rule (`--missed`): at how many later plies the same claim was
    /// available; with `--missed=all`, on the last claim listed of a rule when plies past
    /// `MAX_LISTED_CLAIMS` (1000) were counted; `None` otherwise.
    pub more_plies: Option<u32>,
    /// FEN of the position (empty for `audit/skipped`: written as null).
    pub fen: String,
    /// The result recorded in the game (termination marker, else Result tag).
    pub recorded_result: Option<String>,
    /// The result the rules give, when the verdict implies one (`*`: void, no result).
    pub correct_result: Option<&'static str>,
    /// The arbiter's note.
    pub message: String,
    /// The profile the game was judged by (`fide`, `platform`, or a profile file's `name`).
    pub profile: &'static str,
    /// The edition of the Laws applied (`current`, `pre-2014`); `None` for a profile that does
    /// not follow the Laws, and for a game not audited.
    pub laws: Option<&'static str>,
    /// Why that edition: `option` (`--laws`), `date` (the Date tag), `no-date` (no usable Date
    /// tag: the current Laws).
    pub laws_basis: Option<&'static str>,
}

impl Verdict {
    /// A verdict at `ply` with no move, place, claim move, occurrences, FEN, results, profile or
    /// Laws (the callers set the fields that apply with struct update syntax).
    pub fn new(
        code: Code,
        severity: Severity,
        rule: Option<&'static str>,
        ply: u32,
        message: String,
    ) -> Verdict {
        Verdict {
            code,
            severity,
            rule,
            ply,
            move_text: None,
            line: 0,
            col: 0,
            claim_move: None,
            occurrences: Vec::new(),
            more_plies: None,
            fen: String::new(),
            recorded_result: None,
            correct_result: None,
            message,
            profile: "",
            laws: None,
            laws_basis: None,
        }
    }
}

/// What the audit concluded about one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuditStatus {
    /// No error verdict.
    Ok,
    /// At least one error verdict.
    Verdict,
    /// Not audited (unsupported variant or unusable FEN).
    Skipped,
    /// Audited up to an illegal move only.
    Incomplete,
}

/// Everything `arbiter audit` says about one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditReport {
    /// Tags and counts of the game (`plies` = main-line plies replayed).
    pub info: GameInfo,
    /// Verdicts in ply order.
    pub verdicts: Vec<Verdict>,
    /// The game's status.
    pub status: AuditStatus,
}

impl AuditReport {
    /// Bytes of memory the report holds, as it waits for the writer (an estimate from the
    /// capacities of its buffers).
    pub fn memory(&self) -> usize {
        let verdict = |v: &Verdict| {
            text_memory(&v.move_text)
                + text_memory(&v.claim_move)
                + 4 * v.occurrences.capacity()
                + v.fen.capacity()
                + text_memory(&v.recorded_result)
                + v.message.capacity()
        };
        std::mem::size_of::<AuditReport>()
            + self.info.memory()
            + self.verdicts.capacity() * std::mem::size_of::<Verdict>()
            + self.verdicts.iter().map(verdict).sum::<usize>()
    }

    /// How the game counts in audit totals: `(audited, with an error verdict, incomplete)`. A
    /// skipped game is not audited; a game audited up to an illegal move counts as incomplete
    /// whatever else it has.
    pub fn tally(&self) -> (bool, bool, bool) {
        (
            self.status != AuditStatus::Skipped,
            self.status == AuditStatus::Verdict,
            self.verdicts
                .iter()
                .any(|v| v.code == Code::AuditIncomplete),
        )
    }
}

/// Totals of an audit run (read back by `arbiter merge`, as [`Summary`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditSummary {
    /// Input files read.
    pub files: u64,
    /// Input files that could not be read.
    pub files_failed: u64,
    /// Games audited (not skipped).
    pub games: u64,
    /// Games not audited (unsupported variant, unusable FEN).
    pub games_skipped: u64,
    /// Games audited only up to an illegal move.
    pub games_incomplete: u64,
    /// Games with at least one error verdict.
    pub games_with_verdicts: u64,
    /// Verdicts per code, in the order of the codes' names (read back: each a verdict code of
    /// [`CODES`], named once, counting 1 or more).
    #[serde(deserialize_with = "verdict_counts")]
    pub verdicts: std::collections::BTreeMap<&'static str, u64>,
    /// Main-line plies replayed.
    pub plies: u64,
    /// Input bytes read.
    pub bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Verdicts counted above but not printed (`--only`, `--ignore`, `--errors-only`); absent
    /// from JSON when none were hidden.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hidden: u64,
    /// The run's inputs, shard and options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<identity::RunRecord<identity::AuditRun>>,
}

/// The `verdicts` of an audit summary as a run writes them: an object whose keys are verdict
/// codes of [`CODES`], each once (a key written twice, which `serde_json` would read as its
/// last value, is refused), each counting 1 or more (a run names only the codes it gave).
fn verdict_counts<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<std::collections::BTreeMap<&'static str, u64>, D::Error> {
    struct Counts;
    impl<'de> serde::de::Visitor<'de> for Counts {
        type Value = std::collections::BTreeMap<&'static str, u64>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of verdict counts")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            use serde::de::Error;
            let mut counts = std::collections::BTreeMap::new();
            while let Some((key, n)) = map.next_entry::<std::borrow::Cow<'de, str>, u64>()? {
                let shown: String = key.chars().take(40).collect();
                let code = Code::from_name(&key)
                    .filter(|c| c.info().table == Table::Verdicts)
                    .ok_or_else(|| {
                        A::Error::custom(format!(
                            "verdict code {shown:?} is none that audit gives (arbiter codes \
                             lists them)"
                        ))
                    })?;
                if n == 0 {
                    return Err(A::Error::custom(format!(
                        "verdict code {shown:?} counts 0 (a run names only the codes it gave)"
                    )));
                }
                if counts.insert(code.as_str(), n).is_some() {
                    return Err(A::Error::custom(format!(
                        "verdict code {shown:?} written twice"
                    )));
                }
            }
            Ok(counts)
        }
    }
    d.deserialize_map(Counts)
}

impl AuditSummary {
    /// Adds one game's report.
    pub fn add_game(&mut self, report: &AuditReport) {
        let (audited, verdict, incomplete) = report.tally();
        self.games += u64::from(audited);
        self.games_skipped += u64::from(!audited);
        self.games_with_verdicts += u64::from(verdict);
        self.games_incomplete += u64::from(incomplete);
        self.plies += u64::from(report.info.plies);
        for v in &report.verdicts {
            *self.verdicts.entry(v.code.as_str()).or_default() += 1;
        }
    }

    /// Number of error verdicts.
    pub fn errors(&self) -> u64 {
        self.verdicts
            .iter()
            .filter(|(code, _)| {
                Code::from_name(code).is_some_and(|c| c.severity() == Severity::Error)
            })
            .map(|(_, n)| n)
            .sum()
    }
}

/// What the run loop counted over the inputs of a run (for its lines on standard error and the
/// summaries).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunTotals {
    /// Inputs read (standard input counts as one, a zip archive counts its PGN members).
    pub files: u64,
    /// Inputs that could not be opened or read to the end (each reported on standard error).
    pub files_failed: u64,
    /// Games read (for the commands that read FEN lines: FEN lines).
    pub games: u64,
    /// Input bytes read.
    pub bytes: u64,
}

/// What a complete run did, for its timing line on standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// `arbiter check`: games checked.
    Checked {
        /// Games checked.
        games: u64,
    },
    /// `arbiter audit`: games audited (skipped games not included).
    Audited {
        /// Games audited.
        games: u64,
    },
    /// `arbiter fen`: positions written.
    Positions {
        /// Positions written.
        positions: u64,
        /// Games read.
        games: u64,
        /// Lines (games or variations) cut short.
        cut_short: u64,
    },
    /// `arbiter pgn`: games exported.
    Exported {
        /// Games written.
        games: u64,
        /// Games left out (`--valid-only`).
        left_out: u64,
    },
    /// `arbiter fix`: games repaired.
    Fixed {
        /// Games written to the output (with `--dry-run`: that would be).
        written: u64,
        /// Games rejected (illegal moves: to `--rejects`, or left out without it).
        rejected: u64,
        /// `--dry-run`: only the log was written.
        dry_run: bool,
    },
    /// `arbiter stats`: games counted.
    Counted {
        /// Games in the statistics.
        games: u64,
    },
    /// `arbiter standings` / `arbiter ratings`: games read and scored.
    Scored {
        /// Games read (those not scored included: each has a note).
        read: u64,
        /// Games scored (`standings`), or rated (`ratings`: forfeits are not).
        scored: u64,
        /// The subcommand's name (`standings`, `ratings`), for the timing line.
        table: &'static str,
        /// What was done to the `scored` games: `scored`, `rated`.
        verb: &'static str,
    },
    /// `arbiter dedup`: games compared.
    Deduplicated {
        /// Games read.
        games: u64,
        /// Copies found.
        duplicates: u64,
    },
    /// `arbiter select`: games read.
    Selected {
        /// Games read.
        games: u64,
        /// Games matching the expression.
        matched: u64,
    },
    /// `arbiter games`, `arbiter moves`: table rows written (issue 16).
    Rows {
        /// Rows written.
        rows: u64,
        /// Games read.
        games: u64,
        /// Games with errors (`games`: the status `error` of `arbiter check`).
        with_errors: u64,
        /// Games whose main line was cut short by a move that cannot be played (`moves`).
        cut_short: u64,
    },
}

/// What the items of a run are, for the interrupt message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// PGN games.
    Games,
    /// FEN or EPD lines (`fen --check`, `audit --positions`, `pgn --from-fen`...).
    FenLines,
    /// JSON documents (`stats --merge`).
    Documents,
}

/// What an interrupted run leaves unwritten, for the interrupt message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unwritten {
    /// Nothing is held back (the output so far was written as the run went).
    #[default]
    Nothing,
    /// `check --valid-out/--invalid-out`: no split file is left.
    SplitOutput,
    /// `stats`: the statistics come at the end, so none are written.
    Statistics,
    /// `pgn -o FILE`: the file is not renamed into place.
    OutputFile,
    /// The files of these options are not renamed into place (`fix`: `-o`, `--log`,
    /// `--rejects`, those named with a file).
    Files(&'static [&'static str]),
}

/// One position record of `arbiter fen` (`--format jsonl` or `csv`, or a text line with its
/// path), borrowed from the game's converted positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenRow<'a> {
    /// The ply after which the position stands (0 = the start position).
    pub ply: u32,
    /// The move that led here in PGN style (`23...Nf3`).
    pub move_text: Option<&'a str>,
    /// The move in standard SAN.
    pub san: Option<&'a str>,
    /// The move in UCI.
    pub uci: Option<&'a str>,
    /// The FEN (or EPD line, with its operations), without the path and the newline.
    pub fen: std::borrow::Cow<'a, str>,
    /// The path of the variation holding the position; `None` on the main line.
    pub path: Option<&'a str>,
}

/// Why `arbiter fen` stopped a game's line (or did not convert the game), borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenStop<'a> {
    /// The ply that could not be played; 0 when nothing could be replayed.
    pub ply: u32,
    /// The move in PGN style, when the stop is at a move.
    pub move_text: Option<&'a str>,
    /// A stable code (`illegal-move/...`, `syntax/...`, `fen/start`, `variant/unsupported`).
    pub code: &'a str,
    /// What went wrong.
    pub message: &'a str,
    /// The path of the variation cut short; `None` for the main line.
    pub path: Option<&'a str>,
}

/// Totals of an `arbiter fen` run (its JSON Lines summary record).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct FenSummary {
    /// Inputs read.
    pub files: u64,
    /// Inputs that could not be read.
    pub files_failed: u64,
    /// Games read.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// Lines (games or variations) cut short.
    pub errors: u64,
    /// Input bytes read.
    pub bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}
