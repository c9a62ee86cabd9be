//! DE, direct encounter (FIDE Tie-Break Regulations 2023, art. 6): among tied players who all
//! met over the board, the points they scored against each other; the players still tied are
//! ranked by DE among themselves again, while that separates some of them.

use super::Scores;

/// The DE keys of `group` (each player's points against the group, then the DE keys of the
/// subgroup left tied), or `NaN` for everybody when not every two of them met.
pub fn direct_encounter(s: &Scores<'_>, group: &[usize]) -> Vec<(usize, Vec<f64>)> {
    let Some(points) = points_among(s, group) else {
        return group.iter().map(|&p| (p, vec![f64::NAN])).collect();
    };
    let mut keyed: Vec<(usize, Vec<f64>)> = group
        .iter()
        .zip(points)
        .map(|(&p, x)| (p, vec![x]))
        .collect();
    keyed.sort_by(|a, b| b.1[0].total_cmp(&a.1[0]));
    // The runs of equal points smaller than the group: DE again among them.
    let mut i = 0;
    while i < keyed.len() {
        let j = (i..keyed.len())
            .find(|&j| keyed[j].1[0] != keyed[i].1[0])
            .unwrap_or(keyed.len());
        if j - i > 1 && j - i < keyed.len() {
            let sub: Vec<usize> = keyed[i..j].iter().map(|(p, _)| *p).collect();
            for (p, key) in direct_encounter(s, &sub) {
                if let Some(k) = keyed[i..j].iter_mut().find(|(q, _)| *q == p) {
                    k.1.extend(key);
                }
            }
        }
        i = j;
    }
    keyed
}

/// Each player's points against the others of `group`, over the games played between them;
/// `None` when two of them never played each other.
fn points_among(s: &Scores<'_>, group: &[usize]) -> Option<Vec<f64>> {
    // Everyone must have met the others: a player with fewer games cannot have.
    if group
        .iter()
        .any(|&p| s.event.games[p].len() + 1 < group.len())
    {
        return None;
    }
    let member: std::collections::HashMap<usize, usize> =
        group.iter().enumerate().map(|(k, &p)| (p, k)).collect();
    let mut out = Vec::with_capacity(group.len());
    for &p in group {
        let mut met = vec![false; group.len()];
        let mut points = 0.0;
        for (g, x) in s.event.games[p].iter().zip(&s.game_points[p]) {
            let (Some(x), Some(&k)) = (x, member.get(&g.opponent)) else {
                continue;
            };
            if g.played() {
                met[k] = true;
                points += x;
            }
        }
        let all = met.iter().enumerate().all(|(k, m)| *m || group[k] == p);
        if !all {
            return None;
        }
        out.push(points);
    }
    Some(out)
}
