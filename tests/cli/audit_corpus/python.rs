//! The python-chess side of the corpus audit test: the games of `corpus-python-chess.tsv` and
//! the draw plies of `corpus-audit-python-chess.tsv` (see the header of `mod.rs`).

use std::collections::BTreeMap;

use crate::util::root;

/// A TSV under `testdata/expected/`: the rows (without `#` lines and the header) and a function
/// giving a column's index.
fn read_tsv(name: &str) -> (Vec<Vec<String>>, impl Fn(&str) -> usize) {
    let path = root().join("testdata/expected").join(name);
    let body = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {name}: {e}"));
    let mut lines = body.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<String> = lines
        .next()
        .unwrap_or_else(|| panic!("{name}: no header"))
        .split('\t')
        .map(str::to_owned)
        .collect();
    let rows: Vec<Vec<String>> = lines
        .map(|line| {
            let fields: Vec<String> = line.split('\t').map(str::to_owned).collect();
            assert_eq!(fields.len(), header.len(), "{name}: row {line:?}");
            fields
        })
        .collect();
    let name = name.to_owned();
    let col = move |column: &str| {
        header
            .iter()
            .position(|h| h == column)
            .unwrap_or_else(|| panic!("{name}: column {column:?} missing"))
    };
    (rows, col)
}

fn number(field: &str) -> u64 {
    field
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {field:?}"))
}

/// One game as python-chess split it (a row of `corpus-python-chess.tsv`).
pub(super) struct PyGame {
    pub(super) game: u64,
    pub(super) start: u64,
    pub(super) end: u64,
    /// Main-line moves python-chess read (null moves included).
    pub(super) mainline_plies: u64,
}

/// The python-chess games of every file, by path relative to the corpus.
pub(super) fn python_games() -> BTreeMap<String, Vec<PyGame>> {
    let (rows, col) = read_tsv("corpus-python-chess.tsv");
    let (c_path, c_game, c_start, c_end) = (col("path"), col("game"), col("start"), col("end"));
    let c_plies = col("mainline_plies");
    let mut games: BTreeMap<String, Vec<PyGame>> = BTreeMap::new();
    for f in &rows {
        games.entry(f[c_path].clone()).or_default().push(PyGame {
            game: number(&f[c_game]),
            start: number(&f[c_start]),
            end: number(&f[c_end]),
            mainline_plies: number(&f[c_plies]),
        });
    }
    for file in crate::corpus::TEXT_BEFORE_FIRST_GAME {
        // See `corpus.rs`: python-chess's first game is the text before the first game.
        let rows = games.get_mut(*file).expect("a file of the TSV");
        let text = rows.remove(0);
        assert!(
            text.mainline_plies == 0 && rows[0].start == text.end,
            "{file}: text game"
        );
        rows[0].start = text.start;
        for row in rows.iter_mut() {
            row.game -= 1;
        }
    }
    for (path, games) in &games {
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.game, i as u64 + 1, "{path}: TSV game numbers");
        }
    }
    games
}

/// "3-5,9" -> [3, 4, 5, 9] (strictly increasing).
fn ply_list(field: &str) -> Vec<u64> {
    let mut plies = Vec::new();
    for part in field.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a), number(b));
                assert!(a < b, "bad range {part:?}");
                plies.extend(a..=b);
            }
            None => plies.push(number(part)),
        }
    }
    assert!(
        plies.windows(2).all(|w| w[0] < w[1]),
        "unsorted list {field:?}"
    );
    plies
}

/// What python-chess says about one game's main line (a row of `corpus-audit-python-chess.tsv`;
/// games without a row have empty lists and their full main line replayed).
#[derive(Default)]
pub(super) struct PyDraws {
    /// Main-line plies replayed.
    pub(super) plies: u64,
    /// Why the replay stopped before the end of python-chess's main line, or empty.
    pub(super) stop: String,
    pub(super) fivefold: Vec<u64>,
    pub(super) seventyfive: Vec<u64>,
    /// `is_insufficient_material()`.
    pub(super) insufficient: Vec<u64>,
    pub(super) threefold: Vec<u64>,
    pub(super) fifty: Vec<u64>,
    /// Where the Laws allow a fifty-move claim and `can_claim_fifty_moves()` does not.
    pub(super) fifty_fide_only: Vec<u64>,
}

/// The rows of `corpus-audit-python-chess.tsv` by (path, python-chess game number), checked
/// against the split in `corpus-python-chess.tsv` (same reader, same byte ranges).
pub(super) fn python_draws(
    games: &BTreeMap<String, Vec<PyGame>>,
) -> BTreeMap<(String, u64), PyDraws> {
    let (rows, col) = read_tsv("corpus-audit-python-chess.tsv");
    let (c_path, c_game, c_start, c_end) = (col("path"), col("game"), col("start"), col("end"));
    let (c_plies, c_stop) = (col("plies"), col("stop"));
    let mut draws = BTreeMap::new();
    for f in &rows {
        let (path, game) = (f[c_path].clone(), number(&f[c_game]));
        let split = games
            .get(&path)
            .and_then(|g| g.get(game as usize - 1))
            .unwrap_or_else(|| panic!("{path}: game {game} not in corpus-python-chess.tsv"));
        assert_eq!(
            (split.start, split.end),
            (number(&f[c_start]), number(&f[c_end])),
            "{path}: game {game}: byte range differs between the two TSVs"
        );
        let d = PyDraws {
            plies: number(&f[c_plies]),
            stop: f[c_stop].clone(),
            fivefold: ply_list(&f[col("fivefold")]),
            seventyfive: ply_list(&f[col("seventyfive")]),
            insufficient: ply_list(&f[col("insufficient")]),
            threefold: ply_list(&f[col("threefold_claimable")]),
            fifty: ply_list(&f[col("fifty_claimable")]),
            fifty_fide_only: ply_list(&f[col("fifty_fide_only")]),
        };
        if d.stop.is_empty() {
            assert_eq!(d.plies, split.mainline_plies, "{path}: game {game}: plies");
        } else {
            assert!(d.plies < split.mainline_plies, "{path}: game {game}: stop");
        }
        let lists = [
            &d.fivefold,
            &d.seventyfive,
            &d.insufficient,
            &d.threefold,
            &d.fifty,
            &d.fifty_fide_only,
        ];
        for list in lists {
            assert!(
                list.iter().all(|p| *p <= d.plies),
                "{path}: game {game}: ply past the end"
            );
        }
        assert!(
            !d.stop.is_empty() || lists.iter().any(|l| !l.is_empty()),
            "{path}: game {game}: a row without content"
        );
        assert!(draws.insert((path, game), d).is_none(), "duplicate row");
    }
    draws
}
