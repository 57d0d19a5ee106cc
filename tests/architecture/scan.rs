//! A scanner of the crate's module graph: each file under `src/` is a module
//! (`src/engine/game.rs` is `crate::engine::game`), and it depends on the
//! files whose items it names, in `use` declarations (`crate::`, `super::`,
//! `self::`, nested `{...}` groups, `as` renames, globs) and in paths written
//! inline (`crate::engine::pit_label(..)`, `super::capture::CaptureTable`, or
//! a path through a name brought in by `use`).
//!
//! A name is followed through re-exports to the file that defines it: a
//! `pub use game::Game` in `engine/mod.rs` is an alias, not a dependency of
//! `engine/mod.rs`, so `crate::engine::Game` is an edge to `engine/game.rs`.
//! Naming a module alone (`use crate::engine;`) is no edge; its paths are.
//! Code under `#[cfg(test)]` is left out: tests may load a variant or build a
//! game from any layer.

use std::collections::{BTreeMap, BTreeSet};

/// A path in the crate, one segment each, starting with `crate`.
pub type ModPath = Vec<String>;

/// A dependency of one file on another, with the path that makes it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub from: String,
    pub to: String,
    /// The path as resolved, such as `crate::engine::game::Game`.
    pub via: String,
}

/// What one file says about names: what it brings in, declares and uses.
#[derive(Debug, Default)]
struct FileFacts {
    /// `use` renames: the local name and the absolute path it stands for.
    aliases: BTreeMap<String, ModPath>,
    /// Absolute paths of `use ...::*` globs.
    globs: Vec<ModPath>,
    /// The globs that are not re-exports: each a dependency on its module.
    glob_uses: Vec<ModPath>,
    /// Names of items and modules declared in the file.
    defines: BTreeSet<String>,
    /// Every absolute path the file names (in `use` and inline).
    paths: Vec<ModPath>,
}

/// The module path of a source file relative to the crate root
/// (`src/engine/mod.rs` -> `crate::engine`), or `None` for the binary's
/// `src/main.rs` and for files outside `src/`.
pub fn module_of(file: &str) -> Option<ModPath> {
    let rest = file.strip_prefix("src/")?.strip_suffix(".rs")?;
    if rest == "main" {
        return None;
    }
    let mut path = vec!["crate".to_string()];
    if rest != "lib" {
        path.extend(rest.split('/').map(str::to_string));
    }
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    Some(path)
}

/// The file-level dependency graph of `files` (pairs of a path such as
/// `src/engine/game.rs` and its text): one edge per pair of files and the
/// first path that makes it. Fails on what the scanner cannot read (an
/// inline module that is not a test module).
pub fn graph(files: &[(String, String)]) -> Result<Vec<Edge>, String> {
    let mut modules = BTreeMap::new();
    let mut facts = Vec::new();
    for (file, text) in files {
        let Some(module) = module_of(file) else {
            continue;
        };
        let scanned = scan(&module, text).map_err(|e| format!("{file}: {e}"))?;
        modules.insert(module, facts.len());
        facts.push((file.clone(), scanned));
    }
    let resolver = Resolver {
        modules: &modules,
        facts: &facts,
    };
    let mut edges = BTreeMap::new();
    for (from, fact) in &facts {
        // A glob may bring in any item of its module: an edge to the module.
        let globbed = fact
            .glob_uses
            .iter()
            .filter_map(|glob| Some((glob, *modules.get(glob)?)));
        let named = fact
            .paths
            .iter()
            .filter_map(|path| Some((path, resolver.item_file(path, 0)?)));
        for (path, to) in globbed.chain(named) {
            let to = &facts[to].0;
            if to != from {
                edges
                    .entry((from.clone(), to.clone()))
                    .or_insert_with(|| path.join("::"));
            }
        }
    }
    Ok(edges
        .into_iter()
        .map(|((from, to), via)| Edge { from, to, via })
        .collect())
}

/// Follows paths through the modules' aliases to the file that defines them.
struct Resolver<'a> {
    modules: &'a BTreeMap<ModPath, usize>,
    facts: &'a [(String, FileFacts)],
}

impl Resolver<'_> {
    /// The index of the file that defines the item `path` names, or `None`
    /// when `path` names a module (or leads outside the crate).
    fn item_file(&self, path: &[String], depth: usize) -> Option<usize> {
        if depth > 32 {
            return None;
        }
        let (prefix, file) = (1..=path.len())
            .rev()
            .find_map(|n| self.modules.get(&path[..n]).map(|&file| (n, file)))?;
        let rest = &path[prefix..];
        let name = rest.first()?;
        let facts = &self.facts[file].1;
        if facts.defines.contains(name) {
            return Some(file);
        }
        if let Some(target) = facts.aliases.get(name) {
            let mut full = target.clone();
            full.extend(rest[1..].iter().cloned());
            return self.item_file(&full, depth + 1);
        }
        for glob in &facts.globs {
            let mut full = glob.clone();
            full.extend(rest.iter().cloned());
            if let Some(found) = self.item_file(&full, depth + 1) {
                return Some(found);
            }
        }
        Some(file)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Ident(String),
    PathSep,
    Open(char),
    Close(char),
    Punct(char),
}

/// The tokens of `text` that matter to paths: identifiers, `::`, brackets
/// and punctuation; comments, strings, characters, numbers and lifetimes
/// are dropped.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(&chars, i) {
            i = end;
        } else if c == '"' || (c == 'b' && next == Some('"')) {
            i += if c == 'b' { 2 } else { 1 };
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' || (c == 'b' && next == Some('\'')) {
            i += if c == 'b' { 1 } else { 0 };
            i = char_or_lifetime_end(&chars, i);
        } else if c == '$' && text_at(&chars, i + 1, "crate") {
            out.push(Token::Ident("crate".to_string()));
            i += 6;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c == ':' && next == Some(':') {
            out.push(Token::PathSep);
            i += 2;
        } else {
            out.push(match c {
                '{' | '(' | '[' => Token::Open(c),
                '}' | ')' | ']' => Token::Close(c),
                _ => Token::Punct(c),
            });
            i += 1;
        }
    }
    out
}

fn text_at(chars: &[char], at: usize, word: &str) -> bool {
    word.chars()
        .enumerate()
        .all(|(k, w)| chars.get(at + k) == Some(&w))
}

/// Where a raw string (`r"..."`, `r#"..."#`, `br#"..."#`) starting at `i`
/// ends, if one starts there.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|&&c| c == '#').count();
    j += hashes;
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(j)
}

/// Past a character literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a lifetime
/// (`'a`, `'static`) starting at the quote at `i`.
fn char_or_lifetime_end(chars: &[char], i: usize) -> usize {
    if chars.get(i + 1) == Some(&'\\') {
        let mut j = i + 2;
        while j < chars.len() && chars[j] != '\'' {
            j += 1;
        }
        return j + 1;
    }
    if chars.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    let mut j = i + 1;
    while j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_') {
        j += 1;
    }
    j
}

const ITEM_WORDS: [&str; 9] = [
    "fn", "struct", "enum", "trait", "type", "static", "union", "mod", "const",
];

/// The facts of one file, `module` being its module path.
fn scan(module: &[String], text: &str) -> Result<FileFacts, String> {
    let tokens = without_test_code(&tokens(text));
    let mut facts = FileFacts::default();
    let mut children = BTreeSet::new();
    let mut i = 0;
    let mut in_use = Vec::new();
    while i < tokens.len() {
        let word = ident(&tokens, i);
        if word == Some("use") {
            let mut entries = Vec::new();
            let end = use_tree(&tokens, i + 1, Vec::new(), &mut entries);
            in_use.push((i, end));
            let re_export = is_public(&tokens, i);
            for (path, alias) in entries {
                match alias {
                    Some(name) => {
                        facts.aliases.insert(name, path.clone());
                    }
                    None if re_export => facts.globs.push(path.clone()),
                    None => {
                        facts.globs.push(path.clone());
                        facts.glob_uses.push(path.clone());
                    }
                }
                if !re_export {
                    facts.paths.push(path);
                }
            }
            i = end;
            continue;
        }
        if word == Some("macro_rules") {
            if let Some(name) = ident(&tokens, i + 2) {
                facts.defines.insert(name.to_string());
            }
        }
        if let (Some(item), Some(name)) = (word, ident(&tokens, i + 1)) {
            if ITEM_WORDS.contains(&item) && name != "fn" && name != "_" {
                facts.defines.insert(name.to_string());
                if item == "mod" {
                    match tokens.get(i + 2) {
                        Some(Token::Open('{')) => {
                            return Err(format!(
                                "inline module `{name}`: the scanner reads one module a file"
                            ))
                        }
                        _ => {
                            children.insert(name.to_string());
                        }
                    }
                }
            }
        }
        i += 1;
    }
    // Absolute paths of the `use` entries, now that every child is known.
    let absolute = |path: &[String]| absolute(module, &children, path);
    facts.aliases = std::mem::take(&mut facts.aliases)
        .into_iter()
        .filter_map(|(name, path)| Some((name, absolute(&path)?)))
        .collect();
    facts.globs = facts.globs.iter().filter_map(|p| absolute(p)).collect();
    facts.glob_uses = facts.glob_uses.iter().filter_map(|p| absolute(p)).collect();
    facts.paths = facts.paths.iter().filter_map(|p| absolute(p)).collect();
    // Paths written inline: `a::b::c` outside `use`, whose first segment is
    // `crate`, `super`, `self`, a child module or a name brought in by `use`.
    let mut i = 0;
    let mut uses = in_use.iter().peekable();
    while i < tokens.len() {
        if let Some(&&(start, end)) = uses.peek() {
            if i >= start {
                i = end;
                uses.next();
                continue;
            }
        }
        let after_sep = i > 0 && tokens[i - 1] == Token::PathSep;
        if let (Some(first), false) = (ident(&tokens, i), after_sep) {
            let mut path = vec![first.to_string()];
            let mut j = i + 1;
            while tokens.get(j) == Some(&Token::PathSep) {
                match ident(&tokens, j + 1) {
                    Some(segment) => path.push(segment.to_string()),
                    None => break,
                }
                j += 2;
            }
            if path.len() > 1 {
                let full = if let Some(target) = facts.aliases.get(first) {
                    let mut full = target.clone();
                    full.extend(path[1..].iter().cloned());
                    Some(full)
                } else {
                    absolute(&path)
                };
                facts.paths.extend(full);
            }
            i = j.max(i + 1);
            continue;
        }
        i += 1;
    }
    Ok(facts)
}

/// Whether the `use` at `i` is a re-export (`pub use`, `pub(crate) use`):
/// an alias for other modules, not a dependency of its own file.
fn is_public(tokens: &[Token], i: usize) -> bool {
    match i.checked_sub(1).map(|k| &tokens[k]) {
        Some(Token::Ident(word)) => word == "pub",
        Some(Token::Close(')')) => tokens[..i - 1]
            .iter()
            .rposition(|t| *t == Token::Open('('))
            .is_some_and(|open| open > 0 && ident(tokens, open - 1) == Some("pub")),
        _ => false,
    }
}

fn ident(tokens: &[Token], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some(Token::Ident(word)) => Some(word),
        _ => None,
    }
}

/// `path` written in `module` made absolute (`crate::...`), or `None` when it
/// leads outside the crate (`std::`, another crate, a local name).
fn absolute(module: &[String], children: &BTreeSet<String>, path: &[String]) -> Option<ModPath> {
    let first = path.first()?;
    let mut base: ModPath = match first.as_str() {
        "crate" => return Some(path.to_vec()),
        "self" => module.to_vec(),
        "super" => {
            let supers = path.iter().take_while(|s| *s == "super").count();
            let mut base = module.to_vec();
            for _ in 0..supers {
                base.pop();
            }
            base.extend(path[supers..].iter().cloned());
            return (!base.is_empty()).then_some(base);
        }
        name if children.contains(name) => {
            let mut base = module.to_vec();
            base.push(name.to_string());
            base
        }
        _ => return None,
    };
    base.extend(path[1..].iter().cloned());
    Some(base)
}

/// Reads a use tree from `i` with the segments before it in `prefix`; pushes
/// each entry (its path and the name it binds, `None` for a glob) and returns
/// the index past the tree (past the `;` at the top).
fn use_tree(
    tokens: &[Token],
    mut i: usize,
    mut prefix: Vec<String>,
    entries: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    if tokens.get(i) == Some(&Token::PathSep) {
        i += 1;
    }
    loop {
        match tokens.get(i) {
            Some(Token::Ident(word)) if word == "self" && !prefix.is_empty() => {
                let name = prefix.last().cloned();
                i += 1;
                let (alias, next) = alias_after(tokens, i);
                entries.push((prefix.clone(), alias.or(name)));
                return finish(tokens, next);
            }
            Some(Token::Ident(word)) => {
                prefix.push(word.clone());
                i += 1;
                if tokens.get(i) == Some(&Token::PathSep) {
                    i += 1;
                    continue;
                }
                let (alias, next) = alias_after(tokens, i);
                let name = alias.or_else(|| prefix.last().cloned());
                entries.push((prefix, name));
                return finish(tokens, next);
            }
            Some(Token::Punct('*')) => {
                entries.push((prefix, None));
                return finish(tokens, i + 1);
            }
            Some(Token::Open('{')) => {
                i += 1;
                loop {
                    match tokens.get(i) {
                        Some(Token::Close('}')) => return finish(tokens, i + 1),
                        Some(Token::Punct(',')) => i += 1,
                        None => return i,
                        Some(_) => i = use_tree(tokens, i, prefix.clone(), entries),
                    }
                }
            }
            _ => return finish(tokens, i),
        }
    }
}

/// An `as NAME` at `i`: the name (`None` for `as _`) and the index past it.
fn alias_after(tokens: &[Token], i: usize) -> (Option<String>, usize) {
    if ident(tokens, i) == Some("as") {
        let name = ident(tokens, i + 1)
            .filter(|n| *n != "_")
            .map(str::to_string);
        (name, i + 2)
    } else {
        (None, i)
    }
}

/// Past a `;` that ends a whole `use` at `i` (a nested tree leaves its `,`
/// or `}` to the group that reads it).
fn finish(tokens: &[Token], i: usize) -> usize {
    if tokens.get(i) == Some(&Token::Punct(';')) {
        i + 1
    } else {
        i
    }
}

/// `tokens` without the items under `#[cfg(test)]` (an item: up to its `;`
/// or through its `{...}` block, whichever comes first).
fn without_test_code(tokens: &[Token]) -> Vec<Token> {
    let test_attribute = [
        Token::Punct('#'),
        Token::Open('['),
        Token::Ident("cfg".into()),
        Token::Open('('),
        Token::Ident("test".into()),
        Token::Close(')'),
        Token::Close(']'),
    ];
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i..].starts_with(&test_attribute) {
            i += test_attribute.len();
            let mut depth = 0usize;
            while i < tokens.len() {
                match &tokens[i] {
                    Token::Open(_) => depth += 1,
                    Token::Close(c) => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 && *c == '}' {
                            i += 1;
                            break;
                        }
                    }
                    Token::Punct(';') if depth == 0 => {
                        i += 1;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
            continue;
        }
        out.push(tokens[i].clone());
        i += 1;
    }
    out
}

/// Each cycle of `edges`, as a chain of files from the first file of its
/// strongly connected component back to it, with the path of each step.
pub fn cycles(edges: &[Edge]) -> Vec<Vec<Edge>> {
    let mut next: BTreeMap<&str, Vec<&Edge>> = BTreeMap::new();
    for edge in edges {
        next.entry(&edge.from).or_default().push(edge);
    }
    let mut out = Vec::new();
    for component in components(edges) {
        let start = component[0].as_str();
        // The shortest way back to `start`, breadth first within the component.
        let mut came_by: BTreeMap<&str, &Edge> = BTreeMap::new();
        let mut frontier = vec![start];
        'search: while !frontier.is_empty() {
            let mut following = Vec::new();
            for file in frontier {
                for edge in next.get(file).into_iter().flatten() {
                    if !component.contains(&edge.to) || came_by.contains_key(edge.to.as_str()) {
                        continue;
                    }
                    came_by.insert(&edge.to, edge);
                    if edge.to == start {
                        break 'search;
                    }
                    following.push(edge.to.as_str());
                }
            }
            frontier = following;
        }
        let mut chain = Vec::new();
        let mut at = start;
        while let Some(edge) = came_by.get(at) {
            chain.push((*edge).clone());
            at = &edge.from;
            if at == start {
                break;
            }
        }
        chain.reverse();
        out.push(chain);
    }
    out
}

/// The strongly connected components of more than one file, each sorted,
/// the files of each a set that depend on one another round a cycle.
pub fn components(edges: &[Edge]) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for edge in edges {
        next.entry(&edge.from).or_default().push(&edge.to);
    }
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(file) = stack.pop() {
            for &to in next.get(file).into_iter().flatten() {
                if seen.insert(to.to_string()) {
                    stack.push(to);
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&str, BTreeSet<String>> =
        next.keys().map(|&file| (file, reach(file))).collect();
    let mut placed = BTreeSet::new();
    let mut out = Vec::new();
    for (&file, reached) in &reachable {
        if placed.contains(file) || !reached.contains(file) {
            continue;
        }
        let component: Vec<String> = reached
            .iter()
            .filter(|other| {
                reachable
                    .get(other.as_str())
                    .is_some_and(|back| back.contains(file))
            })
            .cloned()
            .collect();
        placed.extend(component.iter().cloned());
        out.push(component);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(f, t)| (f.to_string(), t.to_string()))
            .collect()
    }

    fn pairs(edges: &[Edge]) -> Vec<(&str, &str)> {
        edges
            .iter()
            .map(|e| (e.from.as_str(), e.to.as_str()))
            .collect()
    }

    #[test]
    fn module_paths_of_files() {
        assert_eq!(module_of("src/lib.rs").unwrap(), ["crate"]);
        assert_eq!(module_of("src/engine/mod.rs").unwrap(), ["crate", "engine"]);
        assert_eq!(
            module_of("src/engine/game/claim.rs").unwrap(),
            ["crate", "engine", "game", "claim"]
        );
        assert_eq!(module_of("src/main.rs"), None);
    }

    #[test]
    fn a_two_file_cycle_is_found_as_a_chain() {
        let edges = graph(&files(&[
            ("src/lib.rs", "mod a; mod b;"),
            ("src/a.rs", "use crate::b::Bee; pub struct Ay;"),
            ("src/b.rs", "pub struct Bee(crate::a::Ay);"),
        ]))
        .unwrap();
        assert_eq!(
            pairs(&edges),
            [("src/a.rs", "src/b.rs"), ("src/b.rs", "src/a.rs")]
        );
        let found = cycles(&edges);
        assert_eq!(found.len(), 1);
        let chain: Vec<_> = found[0].iter().map(|e| e.via.as_str()).collect();
        assert_eq!(chain, ["crate::b::Bee", "crate::a::Ay"]);
    }

    #[test]
    fn nested_use_groups_renames_and_self() {
        let edges = graph(&files(&[
            ("src/lib.rs", "mod x; mod y; mod z; mod w;"),
            (
                "src/x.rs",
                "use crate::{y::{Why as W, self}, z::{self as zed}};\n\
                 fn f() { zed::zee(); let _ = y::other; }",
            ),
            ("src/y.rs", "pub struct Why; pub const other: u8 = 0;"),
            ("src/z.rs", "pub fn zee() {}"),
            (
                "src/w.rs",
                "use std::{fmt, io::{self, Read}}; use super::*;",
            ),
        ]))
        .unwrap();
        assert_eq!(
            pairs(&edges),
            [
                ("src/w.rs", "src/lib.rs"),
                ("src/x.rs", "src/y.rs"),
                ("src/x.rs", "src/z.rs")
            ]
        );
    }

    #[test]
    fn inline_paths_and_re_exports_lead_to_the_defining_file() {
        let edges = graph(&files(&[
            ("src/lib.rs", "pub mod engine; pub mod rules;"),
            (
                "src/engine/mod.rs",
                "mod notation; mod game; pub use notation::pit_label; pub use game::*;",
            ),
            ("src/engine/notation.rs", "pub fn pit_label() {}"),
            (
                "src/engine/game.rs",
                "pub struct Game; fn f() { super::notation::pit_label(); }",
            ),
            (
                "src/rules/sentences.rs",
                "fn say() -> String { crate::engine::pit_label(); let g: crate::engine::Game; }",
            ),
        ]))
        .unwrap();
        assert_eq!(
            pairs(&edges),
            [
                ("src/engine/game.rs", "src/engine/notation.rs"),
                ("src/rules/sentences.rs", "src/engine/game.rs"),
                ("src/rules/sentences.rs", "src/engine/notation.rs"),
            ]
        );
        assert!(cycles(&edges).is_empty());
    }

    #[test]
    fn comments_strings_and_test_code_are_not_dependencies() {
        let edges = graph(&files(&[
            ("src/lib.rs", "mod a; mod b;"),
            (
                "src/a.rs",
                "// use crate::b::B;\n/* crate::b::B /* nested */ */\n\
                 const S: &str = \"crate::b::B\"; const R: &str = r#\"crate::b::B\"#;\n\
                 fn f<'a>(c: char) -> bool { c == '\"' }\n\
                 #[cfg(test)]\nmod tests { use crate::b::B; }",
            ),
            ("src/b.rs", "pub struct B;"),
        ]))
        .unwrap();
        assert_eq!(pairs(&edges), []);
    }

    #[test]
    fn an_inline_module_outside_tests_is_refused() {
        let err = graph(&files(&[("src/a.rs", "mod inner { }")])).unwrap_err();
        assert!(err.starts_with("src/a.rs: inline module `inner`"), "{err}");
    }

    #[test]
    fn a_three_file_cycle_is_one_component() {
        let edge = |from: &str, to: &str| Edge {
            from: from.into(),
            to: to.into(),
            via: String::new(),
        };
        let edges = [
            edge("a", "b"),
            edge("b", "c"),
            edge("c", "a"),
            edge("c", "d"),
            edge("d", "e"),
        ];
        assert_eq!(components(&edges), [["a", "b", "c"]]);
        let chain = &cycles(&edges)[0];
        assert_eq!(pairs(chain), [("a", "b"), ("b", "c"), ("c", "a")]);
    }
}
