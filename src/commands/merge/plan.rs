//! Which outputs make one run (issues 31, 32): the records of the runs merged
//! ([`crate::model::identity::RunRecord`]) decide whether a set of outputs can be merged, in
//! which order, and what the merged output says of its run. Used by `arbiter merge` and by
//! `stats --merge`.
//!
//! * **Options.** Runs made with different options (profile, Laws, `--strict`, `--only`...)
//!   count different things: they are refused, naming the first difference, unless
//!   `--allow-mixed` (the merged record's `options` is then `null`). A profile file is told
//!   apart from the built-in of its name by its path and SHA-256.
//! * **Shards.** The outputs of runs over the same inputs (paths and sizes) are shards of one
//!   run: every shard K of N must be there, each once. A shard given twice is refused (its
//!   games would count twice), and so is a set cut in two ways (shards of N and of M); a
//!   shard missing is refused, naming it, unless `--allow-partial`, and then the merged
//!   record keeps the shards held ("partial: shards 1,3,4 of 4"). A whole run is shard 1 of
//!   1: the same output named twice is given twice.
//! * **Order.** The records of check and audit are written in one run's order: the shards of
//!   a run in the order of K (whatever the order of the names: `shard-10` sorts before
//!   `shard-2`), the runs in the order they are first named.
//! * **The merged record**: the inputs of the runs, one run after the other; no shard once
//!   every shard is there. So the merge of every shard of a run says what the run says.

use std::collections::HashMap;
use std::path::Path;

use serde::Serialize;

use crate::model::identity::{InputFile, RunRecord, Shards};

use crate::commands::Error;

/// What a merge is allowed to take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Allow {
    /// `--allow-partial`: some shards of a run may be missing.
    pub partial: bool,
    /// `--allow-mixed`: the runs may have been made with different options.
    pub mixed: bool,
}

/// How a set of outputs is merged.
#[derive(Debug)]
pub struct Plan<R> {
    /// The outputs, by their index in the input, in the order their records are written.
    pub order: Vec<usize>,
    /// The record of the run the merge stands for.
    pub run: R,
    /// What standard error should say: a partial merge, an input read by two runs.
    pub notes: Vec<String>,
}

impl<R> Plan<R> {
    /// The plan with its record made another type.
    pub fn map<S>(self, f: impl FnOnce(R) -> S) -> Plan<S> {
        Plan {
            order: self.order,
            run: f(self.run),
            notes: self.notes,
        }
    }
}

/// The runs of one set of inputs: the shards each output holds.
struct Group<'a> {
    inputs: &'a [InputFile],
    n: u64,
    /// `(output, its shards)`, in the order given.
    members: Vec<(usize, Vec<u64>)>,
}

/// Plans the merge of `parts` (each output's name and the record of its run); `in_order`:
/// their records are written, so the shards of a run must follow each other in the order of K.
///
/// # Errors
/// Returns [`Error::BadInput`] naming the output at fault (see the module documentation for
/// what is refused).
pub fn plan<O: Clone + PartialEq + Serialize>(
    parts: &[(&Path, &RunRecord<O>)],
    allow: Allow,
    in_order: bool,
) -> Result<Plan<RunRecord<O>>, Error> {
    if parts.is_empty() {
        return Err(Error::Usage("no output to merge".to_owned()));
    }
    let options = merged_options(parts, allow)?;
    let mut groups = group_runs(parts)?;
    let (mut notes, partial) = shards_present(&groups, parts, allow)?;
    let order = merge_order(&mut groups, parts, in_order)?;
    notes.extend(read_twice(&groups, parts));
    let run = RunRecord {
        inputs: groups
            .iter()
            .flat_map(|g| g.inputs.iter().cloned())
            .collect(),
        shard: partial,
        options,
    };
    Ok(Plan { order, run, notes })
}

/// The runs of `parts`: each output in the group of the run over its inputs, its shards
/// checked (a record no run writes, a run cut in two ways, a shard given twice are refused).
fn group_runs<'a, O>(parts: &[(&Path, &'a RunRecord<O>)]) -> Result<Vec<Group<'a>>, Error> {
    let bad = |path: &Path, message: String| Error::BadInput {
        path: path.to_path_buf(),
        message,
    };
    let mut groups: Vec<Group<'_>> = Vec::new();
    for (i, (name, run)) in parts.iter().enumerate() {
        let (ks, n) = match &run.shard {
            Some(s) => (s.k.clone(), s.n),
            None => (vec![1], 1),
        };
        let sorted = ks.windows(2).all(|w| w[0] < w[1]);
        if ks.is_empty() || !sorted || ks[0] == 0 || ks[ks.len() - 1] > n {
            let message = format!("its shard record ({ks:?} of {n}) is none a run writes");
            return Err(bad(name, message));
        }
        // A run that read standard input or a pipe cannot be told from another over the same
        // name (two machines' `zcat ... | arbiter check -`): it is a run of its own.
        let known = run.inputs.iter().all(|i| i.bytes.is_some());
        let Some(group) = groups
            .iter_mut()
            .find(|g| known && g.inputs == run.inputs.as_slice())
        else {
            groups.push(Group {
                inputs: &run.inputs,
                n,
                members: vec![(i, ks)],
            });
            continue;
        };
        let (other, other_ks) = &group.members[0];
        if group.n != n {
            return Err(bad(
                name,
                format!(
                    "{} of the run over {}, and {} is {}: the same inputs cut in two ways (the \
                     games of one would be counted twice)",
                    shards_text(&ks, n),
                    describe(&run.inputs),
                    parts[*other].0.display(),
                    shards_text(other_ks, group.n)
                ),
            ));
        }
        for &k in &ks {
            if let Some((other, _)) = group.members.iter().find(|(_, o)| o.contains(&k)) {
                let what = match n {
                    1 => format!("the output of one run over {}", describe(&run.inputs)),
                    _ => format!("shard {k} of {n} of the run over {}", describe(&run.inputs)),
                };
                return Err(bad(
                    name,
                    format!(
                        "{what} is given twice (here and as {}): its games would be counted \
                         twice; name each output once",
                        parts[*other].0.display()
                    ),
                ));
            }
        }
        group.members.push((i, ks));
    }
    Ok(groups)
}

/// The notes of the shards missing, and the shards held of a partial run: refused without
/// `--allow-partial`, and with it when the outputs are of several runs.
fn shards_present<O>(
    groups: &[Group<'_>],
    parts: &[(&Path, &RunRecord<O>)],
    allow: Allow,
) -> Result<(Vec<String>, Option<Shards>), Error> {
    let mut notes = Vec::new();
    let mut partial = None;
    for group in groups {
        let mut have: Vec<u64> = group
            .members
            .iter()
            .flat_map(|(_, ks)| ks.clone())
            .collect();
        have.sort_unstable();
        if have.len() as u64 == group.n {
            continue;
        }
        let missing: Vec<u64> = (1..=group.n)
            .filter(|k| have.binary_search(k).is_err())
            .collect();
        if !allow.partial {
            let s = if missing.len() == 1 { "" } else { "s" };
            let names: Vec<String> = group
                .members
                .iter()
                .take(3)
                .map(|(i, _)| parts[*i].0.display().to_string())
                .collect();
            let more = match group.members.len() > 3 {
                true => format!(" and {} more", group.members.len() - 3),
                false => String::new(),
            };
            return Err(Error::Usage(format!(
                "shard{s} {} of {} missing: the outputs given ({}{more}) hold {} of the run over \
                 {}; merge every shard (or --allow-partial)",
                list(&missing),
                group.n,
                names.join(", "),
                shards_text(&have, group.n),
                describe(group.inputs)
            )));
        }
        notes.push(format!(
            "partial: {} of the run over {} (--allow-partial; shard{} {} missing): the totals \
             are those of these shards only",
            shards_text(&have, group.n),
            describe(group.inputs),
            if missing.len() == 1 { "" } else { "s" },
            list(&missing)
        ));
        partial = Some(Shards {
            k: have,
            n: group.n,
        });
    }
    if partial.is_some() && groups.len() > 1 {
        return Err(Error::Usage(format!(
            "--allow-partial merges some shards of one run; these outputs are of {} runs (over \
             {} and over {}...): merge each run's shards apart",
            groups.len(),
            describe(groups[0].inputs),
            describe(groups[1].inputs)
        )));
    }
    Ok((notes, partial))
}

/// The order the outputs are merged in: with `in_order`, each run's shards in the order of K
/// (refused when their records interleave); else as given.
fn merge_order<O>(
    groups: &mut [Group<'_>],
    parts: &[(&Path, &RunRecord<O>)],
    in_order: bool,
) -> Result<Vec<usize>, Error> {
    let bad = |path: &Path, message: String| Error::BadInput {
        path: path.to_path_buf(),
        message,
    };
    let mut order = Vec::with_capacity(parts.len());
    for group in groups.iter_mut() {
        group.members.sort_by_key(|(_, ks)| ks[0]);
        if in_order
            && let Some(w) = group
                .members
                .windows(2)
                .find(|w| w[0].1.last() > w[1].1.first())
        {
            return Err(bad(
                parts[w[1].0].0,
                format!(
                    "it holds {} and {} holds {}: their records interleave, so no order of \
                     the outputs is the run's",
                    shards_text(&w[1].1, group.n),
                    parts[w[0].0].0.display(),
                    shards_text(&w[0].1, group.n)
                ),
            ));
        }
        order.extend(group.members.iter().map(|(i, _)| *i));
    }
    if !in_order {
        order = (0..parts.len()).collect();
    }
    Ok(order)
}

/// The options of the merged record: those of every part, or `None` (`--allow-mixed`) when
/// they differ.
///
/// # Errors
/// [`Error::BadInput`] naming the first output whose options differ from the first's, and the
/// first difference, without `--allow-mixed`.
fn merged_options<O: Clone + PartialEq + Serialize>(
    parts: &[(&Path, &RunRecord<O>)],
    allow: Allow,
) -> Result<Option<O>, Error> {
    let (first_name, first) = parts[0];
    for &(name, run) in parts {
        if run.options.is_none() && !allow.mixed {
            return Err(Error::BadInput {
                path: name.to_path_buf(),
                message: "a merge of runs made with different options (its options are null): \
                          merge it with --allow-mixed"
                    .to_owned(),
            });
        }
        if run.options != first.options {
            if !allow.mixed {
                return Err(Error::BadInput {
                    path: name.to_path_buf(),
                    message: format!(
                        "made with other options than {}: {}; merge runs made with the same \
                         options (or --allow-mixed)",
                        first_name.display(),
                        differences(&run.options, &first.options)
                    ),
                });
            }
            return Ok(None);
        }
    }
    Ok(first.options.clone())
}

/// The options in which `a` differs from `b`, in words: `--strict true here, false there`.
fn differences<O: Serialize>(a: &Option<O>, b: &Option<O>) -> String {
    let value = |o: &Option<O>| serde_json::to_value(o).unwrap_or_default();
    let (a, b) = (value(a), value(b));
    let shown = |v: Option<&serde_json::Value>| {
        crate::analysis::text::truncate(v.map_or("absent".to_owned(), words), 160)
    };
    let (Some(x), Some(y)) = (a.as_object(), b.as_object()) else {
        return format!(
            "options {} here, {} there",
            shown(Some(&a)),
            shown(Some(&b))
        );
    };
    let mut keys: Vec<&String> = Vec::new();
    for k in x.keys().chain(y.keys()) {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    let differ: Vec<String> = keys
        .into_iter()
        .filter(|k| x.get(*k) != y.get(*k))
        .map(|k| {
            format!(
                "--{} {} here, {} there",
                k.replace('_', "-"),
                shown(x.get(k)),
                shown(y.get(k))
            )
        })
        .collect();
    differ.join("; ")
}

/// An option's value in words: a text as it is, a list comma-separated (`none` when empty),
/// a profile by its name and file (`"club" (file club.toml, sha256 9ccfc629582c…)`).
fn words(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::Null => "none".to_owned(),
        Value::String(s) => s.clone(),
        Value::Array(a) if a.is_empty() => "none".to_owned(),
        Value::Array(a) => a.iter().map(words).collect::<Vec<_>>().join(","),
        Value::Object(o) if o.contains_key("name") => {
            let name = o.get("name").map_or(String::new(), words);
            match (o.get("file"), o.get("sha256")) {
                (Some(file), Some(sha)) => {
                    let sha = words(sha);
                    format!(
                        "{name} (file {}, sha256 {}…)",
                        words(file),
                        &sha[..sha.len().min(12)]
                    )
                }
                _ => format!("{name} (built in)"),
            }
        }
        v => v.to_string(),
    }
}

/// The notes of an input read by two of the runs merged (its games count twice, as a file
/// named twice to one run): at most 5, then their number.
fn read_twice<O>(groups: &[Group<'_>], parts: &[(&Path, &RunRecord<O>)]) -> Vec<String> {
    let mut first: HashMap<&str, usize> = HashMap::new();
    let mut notes = Vec::new();
    let mut more = 0;
    for (g, group) in groups.iter().enumerate() {
        // (Standard input is no file two runs can share.)
        for input in group.inputs.iter().filter(|i| i.bytes.is_some()) {
            match first.get(input.path.as_str()) {
                Some(&other) if other != g => {
                    if notes.len() < 5 {
                        notes.push(format!(
                            "{} is an input of two of the runs merged ({} and {}): its games are \
                             counted twice",
                            input.path,
                            parts[groups[other].members[0].0].0.display(),
                            parts[group.members[0].0].0.display()
                        ));
                    } else {
                        more += 1;
                    }
                }
                Some(_) => {}
                None => {
                    first.insert(&input.path, g);
                }
            }
        }
    }
    if more > 0 {
        notes.push(format!(
            "{more} more inputs are inputs of two of the runs merged"
        ));
    }
    notes
}

/// `1,3,4` (at most 20 numbers, then how many more).
fn list(ks: &[u64]) -> String {
    let shown: Vec<String> = ks.iter().take(20).map(u64::to_string).collect();
    match ks.len() > 20 {
        true => format!("{} and {} more", shown.join(","), ks.len() - 20),
        false => shown.join(","),
    }
}

/// `shard 2 of 4`, `shards 1,3,4 of 4`, `the whole run` (1 of 1).
fn shards_text(ks: &[u64], n: u64) -> String {
    match (ks.len(), n) {
        (_, 1) => "the whole run".to_owned(),
        (1, _) => format!("shard {} of {n}", ks[0]),
        _ => format!("shards {} of {n}", list(ks)),
    }
}

/// The inputs of a run in a few words: `a.pgn`, `a.pgn, b.pgn`, `a.pgn and 179 more inputs`.
fn describe(inputs: &[InputFile]) -> String {
    match inputs {
        [] => "no input".to_owned(),
        [a] => a.path.clone(),
        [a, b] => format!("{}, {}", a.path, b.path),
        [a, rest @ ..] => format!("{} and {} more inputs", a.path, rest.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(paths: &[&str], shard: Option<(&[u64], u64)>, strict: bool) -> RunRecord<bool> {
        RunRecord {
            inputs: paths
                .iter()
                .map(|p| InputFile {
                    path: (*p).to_owned(),
                    bytes: Some(10),
                })
                .collect(),
            shard: shard.map(|(k, n)| Shards { k: k.to_vec(), n }),
            options: Some(strict),
        }
    }

    fn planned(runs: &[RunRecord<bool>], allow: Allow) -> Result<Plan<RunRecord<bool>>, String> {
        let names: Vec<std::path::PathBuf> = (0..runs.len())
            .map(|i| std::path::PathBuf::from(format!("part-{i}")))
            .collect();
        let parts: Vec<(&Path, &RunRecord<bool>)> = names
            .iter()
            .map(std::path::PathBuf::as_path)
            .zip(runs)
            .collect();
        plan(&parts, allow, true).map_err(|e| e.to_string())
    }

    #[test]
    fn every_shard_once_makes_one_run_in_the_order_of_k() {
        let runs: Vec<_> = [3, 1, 4, 2]
            .iter()
            .map(|k| run(&["a", "b"], Some((&[*k], 4)), false))
            .collect();
        let plan = planned(&runs, Allow::default()).unwrap();
        assert_eq!(plan.order, [1, 3, 0, 2]);
        assert_eq!(plan.run, run(&["a", "b"], None, false));
        assert!(plan.notes.is_empty());
        // Two whole runs over other files: one run over both.
        let plan = planned(
            &[run(&["a"], None, false), run(&["b"], None, false)],
            Allow::default(),
        );
        assert_eq!(plan.unwrap().run, run(&["a", "b"], None, false));
    }

    #[test]
    fn a_shard_missing_repeated_or_cut_otherwise_is_refused() {
        let shard = |k: u64| run(&["a"], Some((&[k], 4)), false);
        let err = planned(&[shard(1), shard(2), shard(4)], Allow::default()).unwrap_err();
        assert!(err.contains("shard 3 of 4 missing"), "{err}");
        let err = planned(
            &[shard(1), shard(2), shard(2), shard(3), shard(4)],
            Allow::default(),
        );
        assert!(
            err.unwrap_err()
                .contains("shard 2 of 4 of the run over a is given twice")
        );
        let err = planned(
            &[shard(1), run(&["a"], Some((&[2], 3)), false)],
            Allow::default(),
        );
        assert!(err.unwrap_err().contains("cut in two ways"));
        let whole = run(&["a"], None, false);
        let err = planned(&[whole.clone(), whole], Allow::default()).unwrap_err();
        assert!(err.contains("given twice"), "{err}");
        // --allow-partial: the shards held, said.
        let allow = Allow {
            partial: true,
            mixed: false,
        };
        let plan = planned(&[shard(4), shard(1), shard(3)], allow).unwrap();
        assert_eq!(plan.order, [1, 2, 0]);
        assert_eq!(
            plan.run.shard,
            Some(Shards {
                k: vec![1, 3, 4],
                n: 4
            })
        );
        assert!(
            plan.notes[0].starts_with("partial: shards 1,3,4 of 4"),
            "{:?}",
            plan.notes
        );
        // Shards merged partly, then with the rest: one run, if their records can be ordered.
        let part = run(&["a"], Some((&[1, 2], 4)), false);
        let rest = run(&["a"], Some((&[3, 4], 4)), false);
        assert_eq!(
            planned(&[rest, part], Allow::default()).unwrap().order,
            [1, 0]
        );
        let odd = run(&["a"], Some((&[1, 3], 4)), false);
        let even = run(&["a"], Some((&[2, 4], 4)), false);
        assert!(
            planned(&[odd, even], Allow::default())
                .unwrap_err()
                .contains("interleave")
        );
    }

    #[test]
    fn runs_of_other_options_are_refused_unless_mixed_is_allowed() {
        let runs = [run(&["a"], None, false), run(&["b"], None, true)];
        let err = planned(&runs, Allow::default()).unwrap_err();
        assert!(err.contains("options true here, false there"), "{err}");
        let profile =
            serde_json::json!({"name": "fide", "file": "./fide", "sha256": "9ccfc629582ca32848c9"});
        assert_eq!(words(&profile), "fide (file ./fide, sha256 9ccfc629582c…)");
        assert_eq!(
            words(&serde_json::json!({"name": "fide"})),
            "fide (built in)"
        );
        assert_eq!(words(&serde_json::json!([])), "none");
        let allow = Allow {
            partial: false,
            mixed: true,
        };
        assert_eq!(planned(&runs, allow).unwrap().run.options, None);
        let mixed = RunRecord {
            options: None,
            ..run(&["c"], None, false)
        };
        assert!(
            planned(&[mixed], Allow::default())
                .unwrap_err()
                .contains("--allow-mixed")
        );
    }

    #[test]
    fn runs_over_standard_input_are_runs_of_their_own() {
        let mut stdin = run(&["-"], None, false);
        stdin.inputs[0].bytes = None;
        let plan = planned(&[stdin.clone(), stdin], Allow::default()).unwrap();
        assert_eq!(plan.order, [0, 1]);
        assert_eq!(plan.run.inputs.len(), 2);
    }

    #[test]
    fn an_input_of_two_runs_is_noted() {
        let plan = planned(
            &[run(&["a", "b"], None, false), run(&["b"], None, false)],
            Allow::default(),
        );
        let notes = plan.unwrap().notes;
        assert!(
            notes[0].starts_with("b is an input of two of the runs merged"),
            "{notes:?}"
        );
    }
}
