//! The module graph of `src/` (read by [`scan`]): no import cycle between
//! files or between top-level modules, and no layer using a layer above it
//! ([`LAYERS`]). The exceptions still to be removed are in one place,
//! [`KNOWN_CYCLES`] and [`LAYER_EXCEPTIONS`], each with its reason; one that
//! no longer applies fails the test too, so the lists only shrink.

mod scan;

use std::{collections::BTreeSet, path::Path};

use scan::Edge;

/// The crate's top-level modules by layer, lowest first. A module may use
/// modules of its own layer and of the layers below; `crate` is `src/lib.rs`.
const LAYERS: &[&[&str]] = &[
    // The language, and what every layer may need: places in files, YAML,
    // the files sow writes, memory checks, the shipped variants.
    &[
        "diagnostic",
        "dsl",
        "rules",
        "yaml",
        "memory",
        "files",
        "variants",
    ],
    &["engine"],
    &["agents", "solve", "sim", "verify", "trace"],
    &["render", "play", "bench"],
    // The web app: pages over everything below, started by the command line.
    &["serve"],
    &["cli", "crate"],
];

/// A set of files allowed, for now, to import one another round a cycle.
struct KnownCycle {
    files: &'static [&'static str],
    reason: &'static str,
}

/// The import cycles still to break. A cycle is matched by its exact set of
/// files (a strongly connected component of the file graph).
const KNOWN_CYCLES: &[KnownCycle] = &[];

/// A dependency of one file on a file of a higher layer, allowed for now.
struct LayerException {
    from: &'static str,
    to: &'static str,
    reason: &'static str,
}

/// The imports of a higher layer still to remove.
const LAYER_EXCEPTIONS: &[LayerException] = &[];

/// Every `.rs` file under `src/`, as (path from the project folder, text).
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let name = path.strip_prefix(root).unwrap().to_string_lossy();
                out.push((name.into_owned(), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    walk(&root.join("src"), root, &mut out);
    out
}

fn file_graph() -> Vec<Edge> {
    scan::graph(&sources()).unwrap()
}

/// The top-level module a file belongs to (`src/engine/game.rs` ->
/// `engine`; `src/lib.rs` -> `crate`).
fn top_level(file: &str) -> String {
    let path = scan::module_of(file).unwrap();
    path.get(1).cloned().unwrap_or_else(|| "crate".to_string())
}

fn chain(cycle: &[Edge]) -> String {
    let mut text = cycle[0].from.clone();
    for edge in cycle {
        text += &format!(" -> {} ({})", edge.to, edge.via);
    }
    text
}

#[test]
fn no_file_is_in_an_import_cycle() {
    let edges = file_graph();
    let known: BTreeSet<Vec<String>> = KNOWN_CYCLES
        .iter()
        .map(|c| c.files.iter().map(|f| f.to_string()).collect())
        .collect();
    let components = scan::components(&edges);
    let mut problems = Vec::new();
    for cycle in scan::cycles(&edges) {
        let component = components
            .iter()
            .find(|c| c.contains(&cycle[0].from))
            .unwrap();
        if !known.contains(component) {
            problems.push(format!(
                "import cycle: {}\n  (files that import one another round cycles: {})",
                chain(&cycle),
                component.join(", ")
            ));
        }
    }
    for cycle in KNOWN_CYCLES {
        if !components.iter().any(|c| c == cycle.files) {
            problems.push(format!(
                "the known cycle of {} is gone or has changed: remove or update it in \
                 KNOWN_CYCLES ({})",
                cycle.files.join(", "),
                cycle.reason
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_top_level_module_is_in_an_import_cycle() {
    let excepted = |edge: &Edge| {
        LAYER_EXCEPTIONS
            .iter()
            .any(|e| e.from == edge.from && e.to == edge.to)
    };
    let mut modules: Vec<Edge> = Vec::new();
    for edge in file_graph().iter().filter(|edge| !excepted(edge)) {
        let (from, to) = (top_level(&edge.from), top_level(&edge.to));
        if from != to && !modules.iter().any(|m| m.from == from && m.to == to) {
            let via = format!("{} -> {}: {}", edge.from, edge.to, edge.via);
            modules.push(Edge { from, to, via });
        }
    }
    let cycles: Vec<String> = scan::cycles(&modules).iter().map(|c| chain(c)).collect();
    assert!(
        cycles.is_empty(),
        "import cycles between modules:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn no_layer_uses_a_layer_above_it() {
    let layer_of = |module: &str| LAYERS.iter().position(|layer| layer.contains(&module));
    let edges = file_graph();
    let mut problems = Vec::new();
    for edge in &edges {
        let (from, to) = (top_level(&edge.from), top_level(&edge.to));
        let (Some(from_layer), Some(to_layer)) = (layer_of(&from), layer_of(&to)) else {
            problems.push(format!(
                "{} or {} is in no layer: add its top-level module to LAYERS",
                edge.from, edge.to
            ));
            continue;
        };
        let excepted = LAYER_EXCEPTIONS
            .iter()
            .any(|e| e.from == edge.from && e.to == edge.to);
        if to_layer > from_layer && !excepted {
            problems.push(format!(
                "{} (layer `{from}`) uses {} of the higher layer `{to}`: {}",
                edge.from, edge.to, edge.via
            ));
        }
    }
    for exception in LAYER_EXCEPTIONS {
        if !edges
            .iter()
            .any(|e| e.from == exception.from && e.to == exception.to)
        {
            problems.push(format!(
                "{} no longer uses {}: remove it from LAYER_EXCEPTIONS ({})",
                exception.from, exception.to, exception.reason
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The graph is not empty: the scanner finds the engine's dependency on the
/// rules it compiles, and the command line's on the engine.
#[test]
fn the_graph_holds_known_dependencies() {
    let edges = file_graph();
    let has = |from: &str, to: &str| edges.iter().any(|e| e.from == from && e.to == to);
    assert!(has("src/engine/topology.rs", "src/rules/model.rs"));
    assert!(edges.len() > 300, "only {} edges", edges.len());
}
