//! Unit tests of `arbiter merge`: the summaries read back are the model's, byte for byte.

use super::*;
use crate::model::identity::{CheckRun, InputFile, RunRecord};

/// A run record of one input.
fn run_of<O: Default>() -> RunRecord<O> {
    RunRecord {
        inputs: vec![InputFile {
            path: "a.pgn".to_owned(),
            bytes: Some(10),
        }],
        shard: None,
        options: Some(O::default()),
    }
}

/// The summaries arbiter writes, read back and written again, are the same bytes: the reader
/// has the writer's fields, in its order.
#[test]
fn summaries_round_trip_byte_for_byte() {
    let mut check = crate::model::Summary {
        files: 3,
        files_failed: 2,
        games: 13,
        games_with_errors: 4,
        games_with_warnings: 5,
        games_skipped: 6,
        errors: 7,
        warnings: 8,
        plies: 9,
        bytes: 10,
        seconds: 0.25,
        hidden: 11,
        run: Some(run_of()),
    };
    let mut audit = crate::model::AuditSummary {
        files: 3,
        files_failed: 2,
        games: 13,
        games_skipped: 4,
        games_incomplete: 5,
        games_with_verdicts: 6,
        verdicts: [("draw/claim-supported", 7), ("result/contradicted", 8)].into(),
        plies: 9,
        bytes: 10,
        seconds: 1.5,
        hidden: 12,
        run: Some(run_of()),
    };
    for hidden in [true, false] {
        if !hidden {
            (check.hidden, audit.hidden) = (0, 0);
        }
        let mut written = Vec::new();
        crate::report::jsonl::write_summary(&mut written, &check).unwrap();
        let line = std::str::from_utf8(written.strip_suffix(b"\n").unwrap()).unwrap();
        let mut again = Vec::new();
        Summary::parse(line).unwrap().write(&mut again).unwrap();
        assert_eq!(again, written);
        assert!(Summary::parse(r#"{"type":"summary"}"#).is_err());
        // A duration that is none is refused.
        let negative = line.replace(
            &format!("\"seconds\":{}", check.seconds),
            "\"seconds\":-5.0",
        );
        let why = Summary::parse(&negative).unwrap_err();
        assert!(why.contains("no duration"), "{why}");
        let mut written = Vec::new();
        crate::report::audit::write_summary(&mut written, &audit).unwrap();
        let line = std::str::from_utf8(written.strip_suffix(b"\n").unwrap()).unwrap();
        let parsed = Summary::parse(line).unwrap();
        assert_eq!(parsed.kind(), Kind::Audit);
        let mut again = Vec::new();
        parsed.write(&mut again).unwrap();
        assert_eq!(again, written);
        let unknown = line.replace("draw/claim-supported", "draw/made_up");
        let why = Summary::parse(&unknown).unwrap_err();
        assert!(why.contains("\"draw/made_up\" is none"), "{why}");
        // Without the record of its run: refused, saying so.
        let mut bare = check.clone();
        bare.run = None;
        let mut written = Vec::new();
        crate::report::jsonl::write_summary(&mut written, &bare).unwrap();
        let why = Summary::parse(std::str::from_utf8(&written).unwrap().trim()).unwrap_err();
        assert!(why.contains("no record of its run"), "{why}");
    }
}

#[test]
fn counts_add_and_refuse_to_overflow() {
    let one = |errors, seconds: f64| {
        Summary::Check(crate::model::Summary {
            errors,
            games_with_errors: errors.min(1),
            seconds,
            run: Some(run_of::<CheckRun>()),
            ..crate::model::Summary::default()
        })
    };
    let mut a = one(2, 2.0);
    a.merge(&one(3, 3.0)).unwrap();
    let Summary::Check(s) = &a else { panic!() };
    assert_eq!((s.errors, s.games_with_errors, s.seconds), (5, 2, 3.0));
    assert!(a.merge(&one(u64::MAX, 0.0)).is_err());
    assert_eq!(one(0, 0.0).status(), RunStatus::Clean);
    assert_eq!(one(1, 0.0).status(), RunStatus::Findings);
}

#[test]
fn records_are_told_apart() {
    let finding = r#"{"type":"finding","severity":"warning","code":"tag/bad-date","file":"a.pgn","game":1,"ply":null,"move":null,"token":null,"line":1,"col":1,"fen":null,"message":"m","event":null,"white":null,"black":null,"san":null}"#;
    assert!(matches!(Record::parse(finding), Ok(Record::Finding(_))));
    let game = r#"{"type":"game","file":"a.pgn","game":3,"line":1,"offset":0,"event":null,"white":null,"black":null,"result":null,"plies":0,"status":"ok"}"#;
    assert!(matches!(Record::parse(game), Ok(Record::Game(_))));
    // Not as check and audit write them: a field missing or added, a made-up code, no type.
    for bad in [
        r#"{"type":"finding","x":1}"#,
        r#"{"type":"verdict"}"#,
        r#"{"type":"game"}"#,
        &finding.replace("tag/bad-date", "tag/made_up"),
        &finding.replace("\"san\":null", "\"san\":null,\"extra\":1"),
        r#"{"type":"position"}"#,
        r#"{"x":1}"#,
        "7",
    ] {
        assert!(Record::parse(bad).is_err(), "{bad}");
    }
    assert!(game_status("verdict", Kind::Check).is_err());
    assert!(game_status("verdict", Kind::Audit).is_ok());
    assert!(game_status("warning", Kind::Audit).is_err());
}
