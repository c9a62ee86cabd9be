//! `arbiter fen --format svg`: every good FEN/EPD line of the inputs drawn as an SVG board
//! ([`crate::report::board`]): one position to standard output or `-o FILE`; several into
//! `-o DIR`, a file a position named by its line number (`12.svg`; with several inputs, the
//! input's number first: `2-12.svg`). The lines are read and checked as `fen --check` reads
//! them: a bad line is a finding on standard error (text), drawn when it still gives a position
//! (a repaired one), and makes the exit status 1.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::model::Summary;
use crate::report::board::{Defs, Diagram};
use crate::report::fen::{write_check_summary, write_no_line_read};
use crate::report::{Format, ReportOptions, reporter};

use super::super::output::{AtomicFile, same_file};
use super::super::tables::TableOut;
use super::super::{Error, RunStatus};
use super::{GoodLine, Options, PositionSink, check_input, check_status, nothing_read, quiet_or};

/// Options of `fen --format svg`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Black at the bottom.
    pub flip: bool,
    /// `-o`: a file (one position) or a directory (a file a position); `None`: standard
    /// output (one position).
    pub output: Option<PathBuf>,
}

/// Where the boards go.
enum Boards {
    /// Into a directory, a file each; how many written.
    Dir(PathBuf, u64),
    /// One board, to this file or standard output; the board when drawn, and where its line
    /// is (the input and the line number).
    One(Option<PathBuf>, Option<(String, String)>),
}

/// How the messages name input `k` of `paths`: its path, and its number among the inputs when
/// the same path is named more than once (`a.fen (input 2)`), so that a message names the
/// input it is about.
fn input_name(paths: &[PathBuf], k: usize) -> String {
    let name = paths[k].display().to_string();
    match paths.iter().filter(|p| **p == paths[k]).count() > 1 {
        true => format!("{name} (input {})", k + 1),
        false => name,
    }
}

/// True when `-o` names a directory: one that exists, or a path ending in `/`.
fn is_dir(path: &Path) -> bool {
    path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/')
}

/// The SVG document of one position: an XML declaration and the board, complete in itself
/// (the pieces defined inside), labelled with the EPD `id` or the line.
pub fn svg_document(board: shakmaty::Board, flip: bool, label: &str) -> String {
    let mut diagram = Diagram::new(board);
    diagram.flipped = flip;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    diagram.write_svg(&mut out, Defs::Inline, label);
    out.push('\n');
    out
}

/// Runs `arbiter fen --format svg`.
///
/// # Errors
/// Returns [`Error::Usage`] when several positions would go to one file or standard output,
/// or `-o` is an input; the error of writing a board.
pub fn run(options: &Options, svg: &SvgOptions) -> Result<RunStatus, Error> {
    super::super::run::refuse_shard(&options.input, "fen --format svg")?;
    let paths = &super::line_inputs(&options.input)?;
    let mut boards = match &svg.output {
        Some(dir) if is_dir(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| Error::output(dir, e))?;
            Boards::Dir(dir.clone(), 0)
        }
        file => {
            TableOut::refuse(file.as_deref(), paths, false)?;
            Boards::One(file.clone(), None)
        }
    };
    let mut err = io::stderr();
    let lines = ReportOptions {
        lines: true,
        ..ReportOptions::default()
    };
    let mut report = reporter(Format::Text, &mut err, lines);
    let mut summary = Summary::default();
    let mut bytes = 0;
    let several = paths.len() > 1;
    for (k, path) in paths.iter().enumerate() {
        let name = input_name(paths, k);
        let mut draw = |line: &GoodLine<'_>, pos: &shakmaty::Chess| -> Result<(), Error> {
            let board = shakmaty::Position::board(pos).clone();
            let svg_text = svg_document(board, svg.flip, line.id.unwrap_or(line.text));
            match &mut boards {
                Boards::Dir(dir, written) => {
                    let file = match several {
                        true => format!("{}-{}.svg", k + 1, line.line),
                        false => format!("{}.svg", line.line),
                    };
                    let target = dir.join(file);
                    if let Some(input) = paths.iter().position(|p| same_file(p, &target)) {
                        return Err(Error::Usage(format!(
                            "-o {}: {} (the board of {name}: line {}) is the input {}; arbiter \
                             never writes over an input",
                            dir.display(),
                            target.display(),
                            line.line,
                            input_name(paths, input)
                        )));
                    }
                    let mut out = AtomicFile::create_in_place(&target)?;
                    out.write_all(svg_text.as_bytes())?;
                    out.commit()?;
                    *written += 1;
                    Ok(())
                }
                Boards::One(_, board @ None) => {
                    *board = Some((svg_text, format!("{name}: line {}", line.line)));
                    Ok(())
                }
                Boards::One(_, Some((_, first))) => Err(Error::Usage(format!(
                    "fen --format svg: {name}: line {} is a second position (the first: \
                     {first}); one board goes to a file or standard output, several into a \
                     directory: -o DIR/ (1.svg, 2.svg... by line number)",
                    line.line
                ))),
            }
        };
        let sink: &mut PositionSink<'_> = &mut draw;
        if let Some(status) = check_input(path, &mut *report, Some(sink), &mut summary, &mut bytes)?
        {
            return Ok(status);
        }
    }
    drop(report);
    let _ = write_check_summary(&mut io::stderr(), &summary);
    match boards {
        Boards::One(Some(path), Some((board, _))) => {
            let mut out = AtomicFile::create(&path)?;
            out.write_all(board.as_bytes())?;
            out.commit()?;
        }
        Boards::One(None, Some((board, _))) => {
            let mut out = io::stdout().lock();
            let written = out.write_all(board.as_bytes()).and_then(|()| out.flush());
            if let Err(e) = written {
                return quiet_or(Error::Stdout(e), &summary);
            }
        }
        Boards::One(_, None) if nothing_read(&summary) => {
            let _ = write_no_line_read(&mut io::stderr(), "fen --format svg");
        }
        Boards::One(_, None) => eprintln!("arbiter: fen --format svg: no position to draw"),
        Boards::Dir(dir, n) => {
            if nothing_read(&summary) {
                let _ = write_no_line_read(&mut io::stderr(), "fen --format svg");
            }
            let boards = if n == 1 { "board" } else { "boards" };
            eprintln!("arbiter: fen: {n} {boards} written into {}", dir.display());
        }
    }
    Ok(check_status(&summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_has_its_declaration_and_its_pieces() {
        let board = shakmaty::Board::default();
        let doc = svg_document(board, true, "a <b>");
        assert!(doc.starts_with("<?xml version=\"1.0\""));
        assert_eq!(doc.matches("<use ").count(), 32);
        assert!(doc.contains("<defs>") && doc.contains("a &lt;b&gt;"));
    }
}
