//! From a syntax tree to [`Rules`]: known keys, value types, limits,
//! contradictions, and warnings for what the file leaves unsaid. Every problem
//! is collected (not just the first) and carries its span.

use std::collections::HashMap;

use super::{
    keyword::{expected_list, suggestion},
    model::*,
    schema::{self, Default, Key, Switch},
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

/// The settings of one section (or of the top level), by key.
#[derive(Default)]
struct Scope<'a> {
    /// The section's name (`None`: the top level).
    section: Option<&'static str>,
    /// Where the section's name is written (start of file for the top level).
    span: Span,
    found: HashMap<&'static str, &'a Setting>,
}

impl<'a> Scope<'a> {
    fn get(&self, key: &str) -> Option<&'a Setting> {
        self.found.get(key).copied()
    }

    /// The declaration of `key` in this scope.
    fn key(&self, key: &str) -> &'static Key {
        schema::key(self.section, key)
            .unwrap_or_else(|| unreachable!("the validator reads only declared keys, not `{key}`"))
    }

    /// Whether `key` is given with a valid value other than its default.
    fn given_other_than_default(&self, key: &str) -> bool {
        let Some(setting) = self.get(key) else {
            return false;
        };
        let declared = self.key(key);
        match (declared.value, declared.default, setting.values.as_slice()) {
            (schema::ValueKind::Word(words), Default::Value(default), [value]) => {
                matches!(&value.node, Value::Word(w) if w != default && words.words.contains(&w.as_str()))
            }
            _ => true,
        }
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
        let top = self.scope(None, Span::default(), &tree.settings);
        let mut sections: HashMap<&str, Scope<'_>> = HashMap::new();
        let mut first_seen: HashMap<&str, Span> = HashMap::new();
        for section in &tree.sections {
            let name = section.name.node.as_str();
            let Some(known) = schema::section(name).map(|s| s.name) else {
                let names = schema::sections().map(|s| s.name);
                let message = format!(
                    "unknown section `{name}`, expected {}{}",
                    expected_list(names.clone()),
                    suggestion(name, names)
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
            let scope = self.scope(Some(known), section.name.span, &section.settings);
            sections.insert(known, scope);
        }
        for declared in schema::sections() {
            sections.entry(declared.name).or_insert_with(|| Scope {
                section: Some(declared.name),
                ..Scope::default()
            });
        }
        let section = |name: &str| &sections[name];

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
        let grand_slam = self.keyword::<GrandSlam>(&top, "grand_slam");
        if let (Some(value), Some(s)) = (grand_slam, top.get("grand_slam")) {
            if value != GrandSlam::Allowed && !has_captures {
                self.error(
                    s.span,
                    "`grand_slam` has no effect: the variant has no captures (add `counts` in `capture`)",
                );
            }
        }
        let feeding = self.feeding(section("feeding"));
        let end = self.end(section("end"));
        Some(Rules {
            name: name?,
            source,
            board: board?,
            sowing: sowing?,
            capture: capture?,
            feeding: feeding?,
            grand_slam: grand_slam?,
            end: end?,
        })
    }

    /// Indexes the settings of one scope by key, reporting unknown keys and
    /// keys given twice.
    fn scope<'a>(
        &mut self,
        section: Option<&'static str>,
        span: Span,
        settings: &'a [Setting],
    ) -> Scope<'a> {
        let mut scope = Scope {
            section,
            span,
            found: HashMap::new(),
        };
        let keys: Vec<&'static str> = match section {
            None => schema::top_keys().map(|k| k.name).collect(),
            Some(name) => schema::section(name)
                .map(|s| s.keys.iter().map(|k| k.name).collect())
                .unwrap_or_default(),
        };
        let label = match section {
            None => "at the top level".to_string(),
            Some(name) => format!("in section `{name}`"),
        };
        for setting in settings {
            let key = setting.key.node.as_str();
            let Some(known) = keys.iter().find(|k| **k == key) else {
                let mut message = format!(
                    "unknown key `{key}` {label}, expected {}",
                    expected_list(keys.iter().copied())
                );
                if section.is_none() && schema::section(key).is_some() {
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
        let pits = self.count(scope, "pits", MAX_STONES);
        let seeds = self.count(scope, "seeds", MAX_STONES);
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
        let stores = self.keyword::<Stores>(scope, "stores")?;
        Some(Board {
            rows: rows?,
            pits: u8::try_from(pits?).ok()?,
            seeds: u8::try_from(seeds?).ok()?,
            stores,
        })
    }

    fn sowing(&mut self, scope: &Scope<'_>, total: u32, pits: Option<u8>) -> Option<Sowing> {
        let direction = match scope.get("direction") {
            None => {
                let default = self.keyword::<PitDirection>(scope, "direction")?;
                pits.map(|pits| vec![default; usize::from(pits)])
            }
            Some(s) => self.directions(s, pits),
        };
        let start = self.keyword::<SowStart>(scope, "start");
        let skip = self.keyword::<Switch>(scope, "skip_origin");
        if let (Some(SowStart::Origin), Some(Switch::Yes), Some(s)) =
            (start, skip, scope.get("skip_origin"))
        {
            self.error(
                s.span,
                "`skip_origin yes` contradicts `start origin`: the origin gets the first stone",
            );
        }
        let laps = self.keyword::<Laps>(scope, "laps");
        let extra_turn = self.keyword::<ExtraTurn>(scope, "extra_turn");
        let min_stones = self.count(scope, "min_stones", total.max(1));
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
        let side = self.keyword::<CaptureSide>(scope, "side");
        let chain = self.keyword::<Chain>(scope, "chain");
        let first_move = self.keyword::<FirstMove>(scope, "first_move");
        let take = self.keyword::<Take>(scope, "take");
        let goes_to = self.keyword::<CaptureDestination>(scope, "goes_to");
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
        let when = self.keyword::<FeedWhen>(scope, "when");
        let otherwise = match (when, scope.get("otherwise")) {
            (Some(FeedWhen::Never), Some(s)) => {
                self.error(s.span, "`otherwise` has no effect with `when never`");
                None
            }
            _ => self.keyword::<FeedFallback>(scope, "otherwise"),
        };
        Some(Feeding {
            when: when?,
            otherwise: otherwise?,
        })
    }

    fn end(&mut self, scope: &Scope<'_>) -> Option<End> {
        let when = match scope.get("when") {
            None => self.keyword::<EndWhen>(scope, "when").map(|c| vec![c]),
            Some(s) => self.end_conditions(s),
        };
        let leftovers = self.keyword::<Leftovers>(scope, "leftovers");
        let repetition = self.keyword::<Repetition>(scope, "repetition");
        let repetition_leftovers = match (repetition, scope.get("repetition_leftovers")) {
            (Some(Repetition::Ignore), Some(s)) => {
                self.error(
                    s.span,
                    "`repetition_leftovers` has no effect with `repetition ignore`",
                );
                None
            }
            (_, Some(_)) => self.keyword::<Leftovers>(scope, "repetition_leftovers"),
            // Declared as `Default::SameAs("leftovers")`.
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

    /// A keyword setting, or its declared default (warning where the
    /// declaration says leaving it out warns).
    fn keyword<E: Keyword>(&mut self, scope: &Scope<'_>, key: &str) -> Option<E> {
        let declared = scope.key(key);
        if let Some(s) = scope.get(key) {
            return self.word(s, declared.what);
        }
        if let Some(warning) = declared.warns {
            if warning
                .only_if
                .map_or(true, |other| scope.given_other_than_default(other))
            {
                self.warn(scope.span, warning.text);
            }
        }
        let default = match declared.default {
            Default::Value(word) => word,
            Default::SameAs(_) | Default::Required | Default::Absent(_) => {
                unreachable!("`{key}` is read as a keyword but has no keyword default")
            }
        };
        E::from_keyword(default)
            .or_else(|| unreachable!("`{key}`'s default `{default}` is not one of its keywords"))
    }

    /// A number setting in its declared range (`stones`: the stones on the
    /// board, for ranges that end there), or its declared default; a missing
    /// required key is an error.
    fn count(&mut self, scope: &Scope<'_>, key: &str, stones: u32) -> Option<u32> {
        let declared = scope.key(key);
        let schema::ValueKind::Number { min, max } = declared.value else {
            unreachable!("`{key}` is read as a number")
        };
        let max = match max {
            schema::Bound::Fixed(n) => n,
            schema::Bound::Stones => stones,
        };
        match (scope.get(key), declared.default) {
            (Some(s), _) => self.number(s, declared.what, min, max),
            (None, Default::Value(n)) => n.parse().ok(),
            (None, _) => {
                let section = scope.section.unwrap_or("the top level");
                self.error(
                    scope.span,
                    format!("missing `{key}` in section `{section}`"),
                );
                None
            }
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
    if schema::top_keys().any(|k| k.name == key) {
        return Some("at the top level".into());
    }
    let sections: Vec<&str> = schema::sections()
        .filter(|section| section.keys.iter().any(|k| k.name == key))
        .map(|section| section.name)
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
