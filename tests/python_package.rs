//! The Python package's build (python/, PyO3 + maturin): it builds the
//! main crate from python/Cargo.lock as committed, which must therefore
//! hold every dependency of the crate, at the versions the crate is tested
//! with (the root Cargo.lock).

use std::collections::{BTreeMap, BTreeSet};

/// The packages of a Cargo.lock: name -> (versions, names of the
/// dependencies of each version, merged).
fn lock_packages(path: &str) -> BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut packages: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
    for block in text.split("[[package]]").skip(1) {
        let value = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key} = \"")))
                .map(|v| v.trim_end_matches('"').to_string())
                .unwrap()
        };
        let entry = packages.entry(value("name")).or_default();
        entry.0.insert(value("version"));
        // `dependencies = [ "name", "name version", ... ]`, one a line.
        let dependencies = block
            .lines()
            .skip_while(|l| !l.starts_with("dependencies = ["))
            .skip(1)
            .take_while(|l| !l.starts_with(']'));
        for line in dependencies {
            let name = line.trim().trim_matches(|c| c == '"' || c == ',');
            entry.1.insert(name.split(' ').next().unwrap().to_string());
        }
    }
    packages
}

/// The names of the main crate's dependencies (every target's, not the
/// dev- or build-dependencies), from Cargo.toml.
fn crate_dependencies() -> BTreeSet<String> {
    let text =
        std::fs::read_to_string(format!("{}/Cargo.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut names = BTreeSet::new();
    let mut in_dependencies = false;
    for line in text.lines() {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]"
                || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
        } else if in_dependencies {
            if let Some((name, _)) = line.split_once('=') {
                names.insert(name.trim().to_string());
            }
        }
    }
    names
}

/// python/Cargo.lock holds every dependency of the main crate (a lockfile
/// without `sha2` made `pip install ./python` rewrite it, and fail offline),
/// and each package it shares with the root Cargo.lock at one of the root's
/// versions.
#[test]
fn python_lockfile_holds_the_crates_dependencies_at_the_roots_versions() {
    let python = lock_packages("python/Cargo.lock");
    let root = lock_packages("Cargo.lock");
    let wanted = crate_dependencies();
    assert!(
        wanted.contains("sha2") && wanted.contains("signal-hook"),
        "{wanted:?}"
    );
    let (_, locked) = &python["sowing"];
    let missing: Vec<&String> = wanted.difference(locked).collect();
    assert!(
        missing.is_empty(),
        "python/Cargo.lock lacks {missing:?}: run `cargo update --manifest-path python/Cargo.toml --workspace` and commit it"
    );
    for (name, (versions, _)) in &python {
        if let Some((root_versions, _)) = root.get(name) {
            assert!(
                versions.is_subset(root_versions),
                "{name}: python/Cargo.lock has {versions:?}, Cargo.lock {root_versions:?}"
            );
        }
    }
}

/// The package is built with `--locked`: a stale lockfile fails the build
/// rather than being rewritten in the checkout.
#[test]
fn the_python_package_builds_from_its_lockfile_as_committed() {
    let text = std::fs::read_to_string(format!(
        "{}/python/pyproject.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let maturin = text.split("[tool.maturin]").nth(1).unwrap();
    let maturin = maturin.split("\n[").next().unwrap();
    assert!(
        maturin.lines().any(|l| l.trim() == "locked = true"),
        "{maturin}"
    );
}
