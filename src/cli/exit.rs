//! The exit status of each subcommand, as its `--help` ends with it (GUIDE.md gives the same
//! statuses in each subcommand's section). Every status but 0 and 1 is shared (issue 32): **2**
//! a usage error, an input that cannot be read or an output that cannot be written (standard
//! output closed from the start, `>&-`, among them); **130** Ctrl-C; **141** standard output
//! a pipe its reader closed (`arbiter ... | head`: 128 + SIGPIPE, as a GNU tool killed by it).

/// `arbiter check`.
pub const EXIT_CHECK: &str = "Exit status: 0 no errors, 1 errors found (warnings count only with \
    --strict), 2 usage or I/O error (the other files are still checked), 130 interrupted, 141 standard output \
    closed by its reader.";

/// `arbiter audit`.
pub const EXIT_AUDIT: &str = "Exit status: 0 no error verdict, 1 error verdicts, 2 usage or I/O \
    error, 130 interrupted, 141 standard output closed by its reader.";

/// `arbiter perft`.
pub const EXIT_PERFT: &str = "Exit status: 0 counted, 2 a FEN that is not a position perft can \
    count (or a usage or I/O error), 130 interrupted, 141 standard output closed by its reader.";

/// `arbiter fen` (and `fen --check`).
pub const EXIT_FEN: &str = "Exit status: 0 every game converted, 1 a game was cut short (with \
    --check: a FEN/EPD line with an error), 2 usage or I/O error, 130 interrupted, 141 standard \
    output closed by its reader.";

/// `arbiter pgn`.
pub const EXIT_PGN: &str = "Exit status: 0 every game exported whole, 1 a game was cut at an \
    illegal move or unreadable word (with --from-fen/--from-sequence: a line that is no \
    position), 2 usage or I/O error, 130 interrupted, 141 standard output closed by its reader.";

/// `arbiter fix`.
pub const EXIT_FIX: &str = "Exit status: 0 every game written, 1 a game was rejected, 2 usage or \
    I/O error, 130 interrupted (no output is left), 141 standard output closed by its reader.";

/// `arbiter stats`.
pub const EXIT_STATS: &str = "Exit status: 0 counted (findings of --with-check/--with-audit do \
    not count), 2 usage or I/O error (or a --merge input that is not a stats document, or a set of \
    documents that is not one run), 130 interrupted, 141 standard output closed by its reader.";

/// `arbiter dedup`.
pub const EXIT_DEDUP: &str = "Exit status: 0 (duplicates are not errors), 2 usage or I/O error, \
    130 interrupted, 141 standard output closed by its reader.";

/// `arbiter select`.
pub const EXIT_SELECT: &str = "Exit status: 0, 1 with --export when a selected game was exported \
    with an error, 2 usage or I/O error, 130 interrupted, 141 standard output closed by its \
    reader.";

/// `arbiter games`.
pub const EXIT_GAMES: &str = "Exit status: 0 the table was written, whatever the games hold \
    (the games with errors are counted on standard error; `arbiter check` grades them), 2 \
    usage or I/O error, 130 interrupted (the -o file is not written), 141 \
    standard output closed by its reader.";

/// `arbiter moves`.
pub const EXIT_MOVES: &str = "Exit status: 0 the table was written, whatever the games hold \
    (the games whose main line was cut short by a move that cannot be played are counted on \
    standard error), 2 usage or I/O error, 130 interrupted (the -o file is not written), 141 \
    standard output closed by its reader.";

/// `arbiter standings`.
pub const EXIT_STANDINGS: &str = "Exit status: 0 (results contradicted or unfinished are notes, \
    not errors), 2 usage or I/O error, 130 interrupted (the -o file is not written), 141 \
    standard output closed by its reader.";

/// `arbiter ratings`.
pub const EXIT_RATINGS: &str = "Exit status: 0, 2 usage or I/O error (or an --anchor that is no \
    player of the games), 130 interrupted (the -o file is not written), 141 \
    standard output closed by its reader.";

/// `arbiter merge`.
pub const EXIT_MERGE: &str = "Exit status: that of one run over all the merged runs' inputs (0; 1 \
    errors found; 2 a run could not read an input), or 2 when the merge cannot be done (a shard \
    missing or given twice, runs made with other options), 130 interrupted, 141 standard output \
    closed by its reader.";

/// `arbiter codes`, `completions`, `man`.
pub const EXIT_USAGE_ONLY: &str = "Exit status: 0, 2 a usage error or an output that cannot be \
    written, 141 standard output closed by its reader.";
