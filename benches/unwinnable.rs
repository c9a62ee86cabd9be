//! The benchmark of "can this side still checkmate?" (issue 37; see `benches/unwinnable.sh`).
//!
//! ```text
//! cargo bench --bench unwinnable -- [FILE] [--out VERDICTS]
//! ```
//!
//! Reads lines `FEN [GAMEID]` (default `../shared/unwinnable/lichess-timeouts.txt`: final
//! positions of lichess games scored as won on time) and asks, for each, whether the side *not*
//! to move (the one that did not run out of time) can still checkmate, three ways:
//!
//! * `static`: the static tier alone (material, pawn walls; no search);
//! * `full`: the whole procedure with the budget of `audit --positions` (`Budget::FULL`);
//! * `final`: the procedure the audit of a game's final position runs (`final_verdict`: the
//!   static tier, then the search only where the position allows doubt, within `FINAL_BUDGET`).
//!
//! Prints the counts (unwinnable for the winner, unknown) and the time per position (median,
//! 99th percentile, maximum, mean, in µs of the thread's CPU time, which the other engineers'
//! builds on a shared machine disturb less than the wall clock). With `--out`, writes one line
//! per position: `yes|no|unknown FEN` (the full procedure), to compare with another tool.

use std::io::Write;
use std::time::Instant;

use arbiter::analysis::draw::{FINAL_BUDGET, final_verdict};
use arbiter::analysis::unwinnable::{Budget, Verdict, decide_counted, static_tier};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

/// CPU time of this thread, in nanoseconds (the wall clock where there is none).
#[cfg(unix)]
fn cpu_ns(_start: &Instant) -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable `timespec`; CLOCK_THREAD_CPUTIME_ID is supported on
    // Linux and the BSDs, and on failure `t` stays zero (the figures would be wrong, not unsafe).
    #[allow(unsafe_code)]
    unsafe {
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t);
    }
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

#[cfg(not(unix))]
fn cpu_ns(start: &Instant) -> u64 {
    start.elapsed().as_nanos() as u64
}

/// Times (ns) and counts of one way of asking.
#[derive(Default)]
struct Run {
    times: Vec<u64>,
    no: u64,
    unknown: u64,
    nodes: u64,
}

impl Run {
    fn print(&mut self, name: &str) {
        self.times.sort_unstable();
        let n = self.times.len().max(1);
        let at = |q: f64| self.times[((n as f64 * q) as usize).min(n - 1)] as f64 / 1000.0;
        let mean = self.times.iter().sum::<u64>() as f64 / n as f64 / 1000.0;
        println!(
            "{name}: unwinnable {} unknown {} nodes {} | us median {:.2} p99 {:.2} max {:.1} mean {:.2}",
            self.no,
            self.unknown,
            self.nodes,
            at(0.5),
            at(0.99),
            self.times.last().copied().unwrap_or(0) as f64 / 1000.0,
            mean
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut file = "../shared/unwinnable/lichess-timeouts.txt".to_owned();
    let mut out = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--out" => {
                out = args.get(i + 1).cloned();
                i += 1;
            }
            path => file = path.to_owned(),
        }
        i += 1;
    }
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut positions = Vec::new();
    for line in text.lines() {
        let fen: Vec<&str> = line.split_whitespace().take(6).collect();
        if let Ok(pos) = fen.join(" ").parse::<Fen>().map_err(|_| ()).and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .map_err(|_| ())
        }) {
            positions.push((fen.join(" "), pos));
        }
    }
    let clock = Instant::now();
    let (mut fixed, mut full, mut quick) = (Run::default(), Run::default(), Run::default());
    let mut lines = Vec::new();
    for (fen, pos) in &positions {
        let winner = !pos.turn();
        let t = cpu_ns(&clock);
        let s = static_tier(pos, winner);
        fixed.times.push(cpu_ns(&clock) - t);
        fixed.no += u64::from(s.is_some());
        let t = cpu_ns(&clock);
        let (v, nodes) = decide_counted(pos, winner, Budget::FULL);
        full.times.push(cpu_ns(&clock) - t);
        full.nodes += nodes;
        match v {
            Verdict::Unwinnable(_) => full.no += 1,
            Verdict::Unknown { .. } => full.unknown += 1,
            Verdict::Winnable(_) => {}
        }
        lines.push(format!("{} {fen}", v.can_mate()));
        let t = cpu_ns(&clock);
        let q = final_verdict(pos, winner, FINAL_BUDGET);
        quick.times.push(cpu_ns(&clock) - t);
        quick.no += u64::from(q.is_some());
    }
    println!(
        "file {file}: {} positions, winner = the side not to move",
        positions.len()
    );
    fixed.print("static");
    full.print("full");
    quick.print("final");
    if let Some(path) = out {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path).expect("--out"));
        for l in lines {
            writeln!(f, "{l}").expect("--out");
        }
    }
}
