//! From a syntax tree to [`Rules`]: known keys, value types, limits,
//! contradictions, and warnings for what the file leaves unsaid. Every problem
//! is collected (not just the first) and carries its span.

use std::collections::HashMap;

use super::{
    keyword::{expected_list, suggestion},
    model::*,
    Keyword,
};
use crate::{
    diagnostic::{Diagnostic, Report, Source, Span},
    dsl::{self, Setting, SyntaxTree, Value},
};

/// A variant file that validated, with the warnings it raised.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The rules the file describes.
    pub rules: Rules,
    /// Warnings about what the file leaves unsaid (no errors).
    pub warnings: Report,
}

/// Parses and validates a variant file.
///
/// # Errors
/// A report with every syntax or semantic error (and the warnings).
pub fn load(source: &Source) -> Result<Loaded, Report> {
    let report = |diagnostics| Report {
        source: source.clone(),
        diagnostics,
    };
    let tree = dsl::parse(&source.text).map_err(|d| report(vec![d]))?;
    let mut validator = Validator::default();
    let rules = validator.rules(&tree);
    match rules {
        Some(rules) if !validator.diagnostics.iter().any(Diagnostic::is_error) => Ok(Loaded {
            rules,
            warnings: report(validator.diagnostics),
        }),
        _ => Err(report(validator.diagnostics)),
    }
}

const TOP_KEYS: &[&str] = &["name", "source", "grand_slam"];
const SECTIONS: &[(&str, &[&str])] = &[
    ("board", &["rows", "pits", "seeds", "stores"]),
    (
        "sow",
        &[
            "direction",
            "start",
            "skip_origin",
            "laps",
            "min_stones",
            "extra_turn",
        ],
    ),
    (
        "capture",
        &["counts", "side", "chain", "first_move", "take", "goes_to"],
    ),
    ("feeding", &["when", "otherwise"]),
    (
        "end",
        &["when", "leftovers", "repetition", "repetition_leftovers"],
    ),
];

super::keyword::keyword_enum! {
    /// A yes/no switch.
    Switch {
        /// On.
        Yes = "yes",
        /// Off.
        No = "no",
    }
}

/// The settings of one section (or of the top level), by key.
#[derive(Default)]
struct Scope<'a> {
    /// Where the section's name is written (start of file for the top level).
    span: Span,
    found: HashMap<&'static str, &'a Setting>,
}

impl<'a> Scope<'a> {
    fn get(&self, key: &str) -> Option<&'a Setting> {
        self.found.get(key).copied()
    }
}

#[derive(Default)]
struct Validator {
    diagnostics: Vec<Diagnostic>,
}

impl Validator {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::error(span, message));
    }

    fn warn(&mut self, span: Span, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::warning(span, message));
    }

    fn rules(&mut self, tree: &SyntaxTree) -> Option<Rules> {
        let top = self.scope(
            "at the top level",
            Span::default(),
            &tree.settings,
            TOP_KEYS,
        );
        let mut sections: HashMap<&str, Scope<'_>> = HashMap::new();
        let mut first_seen: HashMap<&str, Span> = HashMap::new();
        for section in &tree.sections {
            let name = section.name.node.as_str();
            let Some((known, keys)) = SECTIONS.iter().find(|(n, _)| *n == name) else {
                let names = SECTIONS.iter().map(|(n, _)| *n);
                let message = format!(
                    "unknown section `{name}`, expected {}{}",
                    expected_list(names),
                    suggestion(name, SECTIONS.iter().map(|(n, _)| *n))
                );
                self.error(section.name.span, message);
                continue;
            };
            if let Some(first) = first_seen.get(known) {
                let d =
                    Diagnostic::error(section.name.span, format!("section `{known}` given twice"))
                        .with_note(*first, "first given here");
                self.diagnostics.push(d);
                continue;
            }
            first_seen.insert(known, section.name.span);
            let scope = self.scope(
                &format!("in section `{known}`"),
                section.name.span,
                &section.settings,
                keys,
            );
            sections.insert(known, scope);
        }
        let empty = Scope::default();
        let section = |name: &str| sections.get(name).unwrap_or(&empty);

        let name = match top.get("name") {
            Some(s) => self.text(s, "name"),
            None => {
                self.error(
                    Span::default(),
                    "missing `name \"...\"`: every variant has a name",
                );
                None
            }
        };
        let source = top.get("source").and_then(|s| self.text(s, "source"));
        let board = self.board(section("board"));
        let total = board
            .as_ref()
            .map_or(MAX_STONES, |b| 2 * u32::from(b.pits) * u32::from(b.seeds));
        let pits = board.as_ref().map(|b| b.pits);
        let sowing = self.sowing(section("sow"), total, pits);
        if let (Some(board), Some(sowing), Some(s)) =
            (&board, &sowing, section("sow").get("extra_turn"))
        {
            if sowing.extra_turn == ExtraTurn::Store && board.stores == Stores::None {
                self.error(
                    s.span,
                    "`extra_turn store` needs stores on the board (`stores sown` in `board`)",
                );
            }
        }
        let capture = self.capture(section("capture"), total);
        if let (Some(board), Some(sowing), Some(capture), Some(setting)) =
            (&board, &sowing, &capture, section("capture").get("counts"))
        {
            self.unreachable_counts(setting, board, sowing, capture);
        }
        // Counts that are given but wrong are reported on their own.
        let has_captures = section("capture").get("counts").is_some();
        let grand_slam = match top.get("grand_slam") {
            None => GrandSlam::Allowed,
            Some(s) => {
                let value = self.word(s, "grand-slam rule");
                if value.is_some_and(|v| v != GrandSlam::Allowed) && !has_captures {
                    self.error(
                        s.span,
                        "`grand_slam` has no effect: the variant has no captures (add `counts` in `capture`)",
                    );
                }
                value?
            }
        };
        let feeding = self.feeding(section("feeding"));
        let end = self.end(section("end"));
        Some(Rules {
            name: name?,
            source,
            board: board?,
            sowing: sowing?,
            capture: capture?,
            feeding: feeding?,
            grand_slam,
            end: end?,
        })
    }

    /// Indexes the settings of one scope by key, reporting unknown keys and
    /// keys given twice.
    fn scope<'a>(
        &mut self,
        label: &str,
        span: Span,
        settings: &'a [Setting],
        keys: &[&'static str],
    ) -> Scope<'a> {
        let mut scope = Scope {
            span,
            found: HashMap::new(),
        };
        for setting in settings {
            let key = setting.key.node.as_str();
            let Some(known) = keys.iter().find(|k| **k == key) else {
                let mut message = format!(
                    "unknown key `{key}` {label}, expected {}",
                    expected_list(keys.iter().copied())
                );
                if label == "at the top level" && SECTIONS.iter().any(|(n, _)| *n == key) {
                    message.push_str(&format!(" (`{key}` is a section: write `{key} {{ ... }}`)"));
                } else if let Some(home) = home_of(key) {
                    message.push_str(&format!(" (`{key}` belongs {home})"));
                } else {
                    message.push_str(&suggestion(key, keys.iter().copied()));
                }
                self.error(setting.key.span, message);
                continue;
            };
            if let Some(first) = scope.found.get(known) {
                let d = Diagnostic::error(setting.span, format!("`{known}` given twice {label}"))
                    .with_note(first.span, "first given here");
                self.diagnostics.push(d);
                continue;
            }
            scope.found.insert(known, setting);
        }
        scope
    }

    fn board(&mut self, scope: &Scope<'_>) -> Option<Board> {
        let rows = match scope.get("rows") {
            None => Some(2),
            Some(s) => {
                let rows = self.number(s, "rows", 1, u32::from(u8::MAX))?;
                if rows != 2 {
                    self.error(
                        s.values[0].span,
                        format!("{rows} rows: only two-row boards are supported (`rows 2`)"),
                    );
                }
                Some(2)
            }
        };
        let pits = self.required(scope, "board", "pits", |v, s| {
            v.number(s, "pits per row", 1, u32::from(MAX_PITS_PER_ROW))
        });
        let seeds = self.required(scope, "board", "seeds", |v, s| {
            v.number(s, "seeds per pit", 1, MAX_STONES)
        });
        if let (Some(pits), Some(seeds), Some(s)) = (pits, seeds, scope.get("seeds")) {
            let total = 2 * pits * seeds;
            if total > MAX_STONES {
                self.error(
                    s.values[0].span,
                    format!(
                        "{total} stones on the board (2 x {pits} pits x {seeds} seeds): at most {MAX_STONES} are supported"
                    ),
                );
                return None;
            }
        }
        let stores = match scope.get("stores") {
            None => Stores::None,
            Some(s) => self.word(s, "kind of stores")?,
        };
        Some(Board {
            rows: rows?,
            pits: u8::try_from(pits?).ok()?,
            seeds: u8::try_from(seeds?).ok()?,
            stores,
        })
    }

    fn sowing(&mut self, scope: &Scope<'_>, total: u32, pits: Option<u8>) -> Option<Sowing> {
        let direction = match scope.get("direction") {
            None => pits.map(|pits| vec![PitDirection::Ccw; usize::from(pits)]),
            Some(s) => self.directions(s, pits),
        };
        let start = match scope.get("start") {
            Some(s) => self.word(s, "sowing start"),
            None => {
                self.warn(
                    scope.span,
                    "where sowing starts is not stated: `start next` assumed (write `start origin` or `start next`)",
                );
                Some(SowStart::Next)
            }
        };
        let skip = self.optional(scope, "skip_origin", "`skip_origin` value", Switch::No);
        if let (Some(SowStart::Origin), Some(Switch::Yes), Some(s)) =
            (start, skip, scope.get("skip_origin"))
        {
            self.error(
                s.span,
                "`skip_origin yes` contradicts `start origin`: the origin gets the first stone",
            );
        }
        let laps = self.optional(scope, "laps", "kind of laps", Laps::Single);
        let extra_turn = self.optional(scope, "extra_turn", "extra-turn rule", ExtraTurn::Never);
        let min_stones = match scope.get("min_stones") {
            None => Some(1),
            Some(s) => self.number(s, "min_stones", 1, total.max(1)),
        };
        Some(Sowing {
            direction: direction?,
            start: start?,
            skip_origin: skip? == Switch::Yes,
            laps: laps?,
            min_stones: u8::try_from(min_stones?).ok()?,
            extra_turn: extra_turn?,
        })
    }

    fn capture(&mut self, scope: &Scope<'_>, total: u32) -> Option<Capture> {
        let counts = match scope.get("counts") {
            None => Some(Vec::new()),
            Some(s) => self.counts(s, total),
        };
        let has_counts = scope.get("counts").is_some();
        if !has_counts {
            for key in ["side", "chain", "first_move", "take", "goes_to"] {
                if let Some(s) = scope.get(key) {
                    self.error(
                        s.span,
                        format!("`{key}` has no effect: no capture `counts` are given"),
                    );
                }
            }
        }
        let side = match scope.get("side") {
            Some(s) => self.word(s, "capture side"),
            None => {
                if has_counts {
                    self.warn(
                        scope.span,
                        "on whose row captures happen is not stated: `side any` assumed",
                    );
                }
                Some(CaptureSide::Any)
            }
        };
        let chain = self.optional(scope, "chain", "kind of chain", Chain::None);
        let first_move = self.optional(scope, "first_move", "first-move rule", FirstMove::Normal);
        let take = self.optional(scope, "take", "`take` value", Take::Last);
        let goes_to = self.optional(
            scope,
            "goes_to",
            "capture destination",
            CaptureDestination::Mover,
        );
        if let (Some(t), Some(Chain::Backward | Chain::Forward), Some(s)) =
            (take, chain, scope.get("take"))
        {
            if t != Take::Last {
                self.error(
                    s.span,
                    format!("`take {t}` cannot be combined with a chain"),
                );
            }
        }
        Some(Capture {
            counts: counts?,
            side: side?,
            chain: chain?,
            first_move: first_move?,
            take: take?,
            goes_to: goes_to?,
        })
    }

    /// Warns about capture counts no last pit can hold. A move sows at least
    /// `min_stones` stones, and a sowing path visits every pit of its lap
    /// once before it repeats, so every move leaves stones in at least
    /// `k = min(min_stones, lap)` pits: the last pit holds at most
    /// `total - (k - 1)` stones.
    fn unreachable_counts(
        &mut self,
        setting: &Setting,
        board: &Board,
        sowing: &Sowing,
        capture: &Capture,
    ) {
        let total = 2 * u32::from(board.pits) * u32::from(board.seeds);
        let lap = 2 * u32::from(board.pits) - u32::from(sowing.skip_origin);
        let pits = u32::from(sowing.min_stones).min(lap).max(1);
        let most = total - (pits - 1);
        for value in &setting.values {
            let Value::Number(Ok(n)) = value.node else {
                continue;
            };
            let fits = u8::try_from(n).is_ok_and(|n| capture.counts.contains(&n));
            if fits && n > i64::from(most) {
                self.warn(
                    value.span,
                    format!(
                        "capture count {n} can never occur: every move leaves stones in at least {pits} pits, so the last one holds at most {most}"
                    ),
                );
            }
        }
    }

    fn counts(&mut self, s: &Setting, total: u32) -> Option<Vec<u8>> {
        if s.values.is_empty() {
            self.error(
                s.span,
                "`counts` needs at least one number, e.g. `counts 2 3`",
            );
            return None;
        }
        let mut counts: Vec<u8> = Vec::new();
        let mut ok = true;
        for value in &s.values {
            if let Value::Number(Err(overflow)) = value.node {
                self.error(
                    value.span,
                    format!(
                        "capture count: number {}, expected 1 to {total} (the board holds {total} stones)",
                        overflow.size()
                    ),
                );
                ok = false;
                continue;
            }
            let Some(n) = self.number_value(value, "capture count", 1, u32::MAX) else {
                ok = false;
                continue;
            };
            if n > total {
                self.error(
                    value.span,
                    format!(
                        "capture count {n} can never occur: the board holds only {total} stones"
                    ),
                );
                ok = false;
            } else if counts.contains(&(n as u8)) {
                self.error(value.span, format!("capture count {n} given twice"));
                ok = false;
            } else {
                counts.push(n as u8);
            }
        }
        counts.sort_unstable();
        ok.then_some(counts)
    }

    fn feeding(&mut self, scope: &Scope<'_>) -> Option<Feeding> {
        let when = self.optional(scope, "when", "feeding trigger", FeedWhen::Never);
        let otherwise = match (when, scope.get("otherwise")) {
            (Some(FeedWhen::Never), Some(s)) => {
                self.error(s.span, "`otherwise` has no effect with `when never`");
                None
            }
            (_, Some(s)) => self.word(s, "feeding fallback"),
            (Some(FeedWhen::Never) | None, None) => Some(FeedFallback::PlayAny),
            (Some(_), None) => {
                self.warn(
                    scope.span,
                    "what happens when no move can feed is not stated: `otherwise play_any` assumed",
                );
                Some(FeedFallback::PlayAny)
            }
        };
        Some(Feeding {
            when: when?,
            otherwise: otherwise?,
        })
    }

    fn end(&mut self, scope: &Scope<'_>) -> Option<End> {
        let when = match scope.get("when") {
            None => Some(vec![EndWhen::NoLegalMove]),
            Some(s) => self.end_conditions(s),
        };
        let leftovers = self.optional(scope, "leftovers", "leftover rule", Leftovers::RowOwner);
        let repetition = match scope.get("repetition") {
            Some(s) => self.word(s, "repetition rule"),
            None => {
                self.warn(
                    scope.span,
                    "no rule for endless games: `repetition ignore` assumed, so only a ply cap stops a cycling game",
                );
                Some(Repetition::Ignore)
            }
        };
        let repetition_leftovers = match (repetition, scope.get("repetition_leftovers")) {
            (Some(Repetition::Ignore), Some(s)) => {
                self.error(
                    s.span,
                    "`repetition_leftovers` has no effect with `repetition ignore`",
                );
                None
            }
            (_, Some(s)) => self.word(s, "leftover rule"),
            (_, None) => leftovers,
        };
        Some(End {
            when: when?,
            leftovers: leftovers?,
            repetition: repetition?,
            repetition_leftovers: repetition_leftovers?,
        })
    }

    /// `direction d` for every pit, or one direction per pit of a row.
    fn directions(&mut self, s: &Setting, pits: Option<u8>) -> Option<Vec<PitDirection>> {
        let mut directions = Vec::new();
        for value in &s.values {
            directions.push(self.keyword_value::<PitDirection>(value, "sowing direction"));
        }
        let directions: Option<Vec<PitDirection>> = directions.into_iter().collect();
        let directions = directions?;
        let pits = pits?; // a bad board is reported on its own
        match directions.as_slice() {
            [] => {
                self.error(
                    s.span,
                    "`direction` needs a value: `ccw`, `cw` or `either`, or one per pit of a row",
                );
                None
            }
            [one] => Some(vec![*one; usize::from(pits)]),
            many if many.len() == usize::from(pits) => Some(many.to_vec()),
            many => {
                self.error(
                    s.span,
                    format!(
                        "`direction` lists {} pits, but a row has {pits}: give one direction, or one per pit from the mover's left",
                        many.len()
                    ),
                );
                None
            }
        }
    }

    /// `when c1 c2 ...`: `no_legal_move` is always in force and comes first.
    fn end_conditions(&mut self, s: &Setting) -> Option<Vec<EndWhen>> {
        if s.values.is_empty() {
            self.error(
                s.span,
                format!(
                    "`when` needs at least one end condition: {}",
                    EndWhen::expected()
                ),
            );
            return None;
        }
        let mut given: Vec<EndWhen> = Vec::new();
        let mut ok = true;
        for value in &s.values {
            match self.keyword_value::<EndWhen>(value, "end condition") {
                Some(c) if given.contains(&c) => {
                    self.error(value.span, format!("end condition `{c}` given twice"));
                    ok = false;
                }
                Some(c) => given.push(c),
                None => ok = false,
            }
        }
        let mut conditions = vec![EndWhen::NoLegalMove];
        conditions.extend(given.into_iter().filter(|c| *c != EndWhen::NoLegalMove));
        ok.then_some(conditions)
    }

    /// A key that must be present.
    fn required<T>(
        &mut self,
        scope: &Scope<'_>,
        section: &str,
        key: &str,
        read: impl FnOnce(&mut Self, &Setting) -> Option<T>,
    ) -> Option<T> {
        match scope.get(key) {
            Some(s) => read(self, s),
            None => {
                self.error(
                    scope.span,
                    format!("missing `{key}` in section `{section}`"),
                );
                None
            }
        }
    }

    /// A keyword setting with a documented default.
    fn optional<E: Keyword>(
        &mut self,
        scope: &Scope<'_>,
        key: &str,
        what: &str,
        default: E,
    ) -> Option<E> {
        match scope.get(key) {
            Some(s) => self.word(s, what),
            None => Some(default),
        }
    }

    fn single<'s>(&mut self, s: &'s Setting) -> Option<&'s crate::diagnostic::Spanned<Value>> {
        match s.values.as_slice() {
            [value] => Some(value),
            [] => {
                self.error(s.span, format!("`{}` needs a value", s.key.node));
                None
            }
            [_, extra, ..] => {
                self.error(extra.span, format!("`{}` takes one value", s.key.node));
                None
            }
        }
    }

    fn word<E: Keyword>(&mut self, s: &Setting, what: &str) -> Option<E> {
        let value = self.single(s)?;
        self.keyword_value(value, what)
    }

    fn keyword_value<E: Keyword>(
        &mut self,
        value: &crate::diagnostic::Spanned<Value>,
        what: &str,
    ) -> Option<E> {
        let found = match &value.node {
            Value::Word(w) => w.as_str(),
            other => {
                self.error(
                    value.span,
                    format!(
                        "expected a {what} ({}), found a {}",
                        E::expected(),
                        other.kind()
                    ),
                );
                return None;
            }
        };
        let parsed = E::from_keyword(found);
        if parsed.is_none() {
            let keywords = E::ALL.iter().map(|(k, _)| *k);
            let message = format!(
                "unknown {what} `{found}`, expected {}{}",
                E::expected(),
                suggestion(found, keywords)
            );
            self.error(value.span, message);
        }
        parsed
    }

    fn number(&mut self, s: &Setting, what: &str, min: u32, max: u32) -> Option<u32> {
        let value = self.single(s)?;
        self.number_value(value, what, min, max)
    }

    fn number_value(
        &mut self,
        value: &crate::diagnostic::Spanned<Value>,
        what: &str,
        min: u32,
        max: u32,
    ) -> Option<u32> {
        let n = match value.node {
            Value::Number(Ok(n)) => n,
            Value::Number(Err(overflow)) => {
                self.error(
                    value.span,
                    format!(
                        "{what}: number {}, expected {min} to {max}",
                        overflow.size()
                    ),
                );
                return None;
            }
            ref other => {
                self.error(
                    value.span,
                    format!("expected a number for {what}, found a {}", other.kind()),
                );
                return None;
            }
        };
        if n < i64::from(min) || n > i64::from(max) {
            let message = if max == u32::MAX {
                format!("{what} must be at least {min}, found {n}")
            } else {
                format!("{what} must be between {min} and {max}, found {n}")
            };
            self.error(value.span, message);
            return None;
        }
        u32::try_from(n).ok()
    }

    fn text(&mut self, s: &Setting, what: &str) -> Option<String> {
        let value = self.single(s)?;
        match &value.node {
            Value::Text(t) => Some(t.clone()),
            other => {
                self.error(
                    value.span,
                    format!(
                        "expected a quoted string for {what}, found a {}",
                        other.kind()
                    ),
                );
                None
            }
        }
    }
}

/// Where `key` is a valid key: `at the top level`, `in section `feeding``,
/// `in section `feeding` or `end``; `None` when it is valid nowhere.
fn home_of(key: &str) -> Option<String> {
    if TOP_KEYS.contains(&key) {
        return Some("at the top level".into());
    }
    let sections: Vec<&str> = SECTIONS
        .iter()
        .filter(|(_, keys)| keys.contains(&key))
        .map(|(name, _)| *name)
        .collect();
    match sections.as_slice() {
        [] => None,
        [one] => Some(format!("in section `{one}`")),
        many => Some(format!(
            "in section {}",
            expected_list(many.iter().copied())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str =
        "name \"T\"\nboard { pits 3; seeds 7 }\nsow { start origin }\nend { repetition ignore }\n";

    fn errors(text: &str) -> Vec<String> {
        match load(&Source::new("t", text)) {
            Ok(_) => vec![],
            Err(report) => report
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.message.clone())
                .collect(),
        }
    }

    #[test]
    fn minimal_file_takes_documented_defaults_without_warnings() {
        let loaded = load(&Source::new("t", MINIMAL)).unwrap();
        assert!(loaded.warnings.diagnostics.is_empty());
        let r = loaded.rules;
        assert_eq!((r.board.pits, r.board.seeds, r.total_stones()), (3, 7, 42));
        assert_eq!(r.sowing.direction, [PitDirection::Ccw; 3]);
        assert_eq!(r.sowing.min_stones, 1);
        assert!(r.capture.counts.is_empty());
        assert_eq!(r.grand_slam, GrandSlam::Allowed);
        assert_eq!(r.end.repetition, Repetition::Ignore);
    }

    #[test]
    fn misspelt_direction_names_the_choices() {
        let text = MINIMAL.replace("start origin", "start origin; direction cww");
        assert_eq!(
            errors(&text),
            ["unknown sowing direction `cww`, expected `ccw`, `cw` or `either` (did you mean `ccw`?)"]
        );
    }

    #[test]
    fn absurd_sizes_are_rejected() {
        assert_eq!(
            errors(&MINIMAL.replace("pits 3", "pits 0")),
            ["pits per row must be between 1 and 15, found 0"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("seeds 7", "seeds 1000000000")),
            ["seeds per pit must be between 1 and 255, found 1000000000"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("seeds 7", "seeds 50")),
            ["300 stones on the board (2 x 3 pits x 50 seeds): at most 255 are supported"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("seeds 7", "seeds 99999999999999999999")),
            ["seeds per pit: number too large, expected 1 to 255"]
        );
    }

    #[test]
    fn impossible_capture_count_and_repeats() {
        let text = format!("{MINIMAL}capture {{ counts 2 43 2; side any }}\n");
        assert_eq!(
            errors(&text),
            [
                "capture count 43 can never occur: the board holds only 42 stones",
                "capture count 2 given twice"
            ]
        );
    }

    #[test]
    fn options_given_twice_point_at_the_first() {
        let text = MINIMAL.replace("pits 3", "pits 3; pits 4");
        let report = load(&Source::new("t", &text)).unwrap_err();
        let d = &report.diagnostics[0];
        assert_eq!(d.message, "`pits` given twice in section `board`");
        assert!(d.note.is_some());
    }

    #[test]
    fn contradictions() {
        assert_eq!(
            errors(&MINIMAL.replace("start origin", "start origin; skip_origin yes")),
            ["`skip_origin yes` contradicts `start origin`: the origin gets the first stone"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}capture {{ chain backward }}\n")),
            ["`chain` has no effect: no capture `counts` are given"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}grand_slam forbidden\n")),
            ["`grand_slam` has no effect: the variant has no captures (add `counts` in `capture`)"]
        );
        assert_eq!(
            errors(&format!(
                "{MINIMAL}feeding {{ when never; otherwise end_game }}\n"
            )),
            ["`otherwise` has no effect with `when never`"]
        );
    }

    #[test]
    fn unknown_keys_and_sections() {
        assert_eq!(
            errors(&format!("{MINIMAL}capture {{ count 2 }}\n")),
            ["unknown key `count` in section `capture`, expected `counts`, `side`, `chain`, `first_move`, `take` or `goes_to` (did you mean `counts`?)"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}bord {{ }}\n")),
            ["unknown section `bord`, expected `board`, `sow`, `capture`, `feeding` or `end` (did you mean `board`?)"]
        );
    }

    #[test]
    fn keys_of_another_scope_say_where_they_belong() {
        assert_eq!(
            errors(&format!("{MINIMAL}capture {{ counts 2; side any; grand_slam forbidden }}\n")),
            ["unknown key `grand_slam` in section `capture`, expected `counts`, `side`, `chain`, `first_move`, `take` or `goes_to` (`grand_slam` belongs at the top level)"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("pits 3;", "pits 3; when never;")),
            ["unknown key `when` in section `board`, expected `rows`, `pits`, `seeds` or `stores` (`when` belongs in section `feeding` or `end`)"]
        );
        assert_eq!(
            errors(&format!("pits 3\n{MINIMAL}")),
            ["unknown key `pits` at the top level, expected `name`, `source` or `grand_slam` (`pits` belongs in section `board`)"]
        );
    }

    #[test]
    fn suggestions_ignore_case() {
        assert_eq!(
            errors(&MINIMAL.replace("start origin", "start origin; direction CCW")),
            ["unknown sowing direction `CCW`, expected `ccw`, `cw` or `either` (did you mean `ccw`?)"]
        );
    }

    #[test]
    fn numbers_too_large_say_so_with_the_range() {
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture {{ counts 999999999999999999999; side any }}\n"
            )),
            ["capture count: number too large, expected 1 to 42 (the board holds 42 stones)"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("pits 3", "pits -99999999999999999999")),
            ["pits per row: number too small, expected 1 to 15"]
        );
    }

    #[test]
    fn a_count_no_last_pit_can_hold_warns() {
        // 42 stones; with min_stones 3 every move puts stones in 3 pits, so
        // the last pit holds at most 40: 41 and 42 never occur, 40 may.
        let text = "name \"T\"\nboard { pits 3; seeds 7 }\nsow { start origin; min_stones 3 }\ncapture { counts 2 40 41 42; side any }\nend { repetition ignore }\n";
        let loaded = load(&Source::new("t", text)).unwrap();
        let messages: Vec<_> = loaded
            .warnings
            .diagnostics
            .iter()
            .map(|d| (d.message.as_str(), &text[d.span.start..d.span.end]))
            .collect();
        assert_eq!(
            messages,
            [
                ("capture count 41 can never occur: every move leaves stones in at least 3 pits, so the last one holds at most 40", "41"),
                ("capture count 42 can never occur: every move leaves stones in at least 3 pits, so the last one holds at most 40", "42"),
            ]
        );
    }

    #[test]
    fn unsaid_rules_warn() {
        let text = "name \"T\"\nboard { pits 3; seeds 7 }\ncapture { counts 2 }\nfeeding { when row_empty }\n";
        let loaded = load(&Source::new("t", text)).unwrap();
        let messages: Vec<_> = loaded
            .warnings
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].starts_with("where sowing starts is not stated"));
        assert!(messages[1].starts_with("on whose row captures happen"));
        assert!(messages[2].starts_with("what happens when no move can feed"));
        assert!(messages[3].starts_with("no rule for endless games"));
    }
}
