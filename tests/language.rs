//! The language declared once: `sow language` (docs/language.md is its
//! markdown form) and `sow fmt` (canonical form, comments kept, meaning kept).

use sowing::{
    diagnostic::Source,
    rules::{self, format, schema},
    variants,
};

use crate::common::{scratch, sow};

#[test]
fn docs_language_md_is_the_markdown_reference() {
    let (code, markdown, _) = sow(&["language", "--format", "markdown"]);
    assert_eq!(code, 0);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/language.md");
    if std::env::var_os("UPDATE_LANGUAGE_DOC").is_some() {
        std::fs::write(path, &markdown).unwrap();
    }
    let doc = std::fs::read_to_string(path).unwrap();
    assert!(
        doc == markdown,
        "docs/language.md differs from `sow language --format markdown`: run `UPDATE_LANGUAGE_DOC=1 cargo test --test integration language`"
    );
}

/// The fuzzer's dictionary, `fuzz/variant.dict`, is every word of the
/// language as `sow language --format json` lists it: the top-level keys and
/// sections, each section's keys and each key's keywords, then the old
/// settings still read (first time each word comes, in that order).
#[test]
fn fuzz_dictionary_is_the_words_of_the_language() {
    let (code, json, _) = sow(&["language", "--format", "json"]);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut words: Vec<String> = Vec::new();
    let mut add = |word: &serde_json::Value| {
        if let Some(word) = word.as_str() {
            if !words.iter().any(|w| w == word) {
                words.push(word.to_string());
            }
        }
    };
    let add_key = |key: &serde_json::Value, add: &mut dyn FnMut(&serde_json::Value)| {
        add(&key["name"]);
        for value in key["value"]["values"].as_array().into_iter().flatten() {
            add(&value["word"]);
        }
    };
    for entry in value["entries"].as_array().unwrap() {
        if entry["entry"] == "key" {
            add_key(entry, &mut add);
        } else {
            add(&entry["name"]);
            for key in entry["keys"].as_array().unwrap() {
                add_key(key, &mut add);
            }
        }
    }
    for moved in value["moved"].as_array().unwrap() {
        add(&moved["from_section"]);
        add(&moved["from_key"]);
    }
    // The grammar's punctuation, a comment, an escaped quote, a line break,
    // a labelled section and numbers at and past the edges of the ranges.
    let grammar = [
        "{",
        "}",
        ";",
        "\\\\\\\"",
        "#",
        "\\\"",
        "\\x0A",
        "capture last {",
        "-1",
        "15",
        "255",
        "99999999999999999999",
    ];
    let dictionary = std::iter::once(
        "# libFuzzer dictionary: the words of the variant language, generated from `sow language --format json` (UPDATE_LANGUAGE_DOC=1 cargo test --test integration language)".to_string(),
    )
    .chain(words.iter().map(String::as_str).chain(grammar).map(|w| format!("\"{w}\"")))
    .map(|line| line + "\n")
    .collect::<String>();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/variant.dict");
    if std::env::var_os("UPDATE_LANGUAGE_DOC").is_some() {
        std::fs::write(path, &dictionary).unwrap();
    }
    let written = std::fs::read_to_string(path).unwrap();
    assert!(
        written == dictionary,
        "fuzz/variant.dict differs from the words of `sow language --format json`: run `UPDATE_LANGUAGE_DOC=1 cargo test --test integration language`"
    );
}

#[test]
fn json_reference_lists_every_declared_key_with_its_values() {
    let (code, json, _) = sow(&["language", "--format", "json"]);
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let entries = value["entries"].as_array().unwrap();
    let mut listed = Vec::new();
    for entry in entries {
        match entry["entry"].as_str().unwrap() {
            "key" => listed.push(entry["name"].as_str().unwrap().to_string()),
            "section" => {
                // Only `capture NAME { }` is given once per rule.
                assert_eq!(
                    entry["repeated"].as_bool(),
                    Some(entry["name"] == "capture"),
                    "{}",
                    entry["name"]
                );
                for key in entry["keys"].as_array().unwrap() {
                    listed.push(format!(
                        "{}.{}",
                        entry["name"].as_str().unwrap(),
                        key["name"].as_str().unwrap()
                    ));
                }
            }
            other => panic!("unknown entry {other}"),
        }
    }
    let mut declared: Vec<String> = schema::top_keys().map(|k| k.name.to_string()).collect();
    for section in schema::sections() {
        declared.extend(
            section
                .keys
                .iter()
                .map(|k| format!("{}.{}", section.name, k.name)),
        );
    }
    listed.sort();
    declared.sort();
    assert_eq!(listed, declared);
    // A keyword value carries its doc: `laps relay` as the model documents it.
    let sow_section = entries.iter().find(|e| e["name"] == "sow").unwrap();
    let laps = sow_section["keys"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["name"] == "laps")
        .unwrap();
    assert_eq!(laps["value"]["kind"], "word");
    assert_eq!(laps["default"]["value"], "single");
    let relay = &laps["value"]["values"]
        .as_array()
        .unwrap_or_else(|| panic!("{laps}"))[1];
    assert_eq!(relay["word"], "relay");
    assert!(relay["doc"]
        .as_str()
        .unwrap()
        .starts_with("When the last stone lands in a pit that already held stones"));
}

#[test]
fn text_reference_names_every_key() {
    let (code, text, _) = sow(&["language"]);
    assert_eq!(code, 0);
    for section in schema::sections() {
        let heading = match section.repeat {
            Some(_) => format!("Section `{} NAME`", section.name),
            None => format!("Section `{}`", section.name),
        };
        assert!(text.contains(&heading), "{heading}");
        for key in section.keys {
            assert!(
                text.contains(&format!("  {}: {}", key.name, key.doc)),
                "{}",
                key.name
            );
        }
    }
}

/// Every shipped variant: formatting keeps its rules, and is idempotent.
#[test]
fn formatting_a_shipped_variant_keeps_its_rules_and_comments() {
    for name in variants::shipped_names() {
        let source = variants::source(name).unwrap();
        let before = rules::load(&source).unwrap().rules;
        let once = format::format(&source).unwrap();
        let after = rules::load(&Source::new(name, once.as_str()))
            .unwrap_or_else(|r| panic!("{r}"))
            .rules;
        assert_eq!(before, after, "{name}");
        let twice = format::format(&Source::new(name, once.as_str())).unwrap();
        assert_eq!(twice, once, "{name}");
        let comments = |t: &str| sowing::dsl::parse(t).unwrap().comments.len();
        assert_eq!(comments(&source.text), comments(&once), "{name}");
        // What `sow show` gives a user to start from is in canonical form.
        assert_eq!(
            once, source.text,
            "{name} is not formatted: run `sow fmt variants/{name}.variant`"
        );
    }
}

const MESSY: &str = "# A small game.\n\nsow { start origin }  # origin first\nname \"T\"\nboard {\n  seeds 2   # two each\n  pits 2\n}\nend { repetition end_game }\n";
const TIDY: &str = "# A small game.\n\nname \"T\"\nboard {\n  pits  2\n  seeds 2  # two each\n}\nsow {\n  start origin\n}  # origin first\nend {\n  repetition end_game\n}\n";

#[test]
fn fmt_check_names_unformatted_files_and_exits_1() {
    let dir = scratch("fmt-check");
    let messy = dir.join("messy.variant");
    let tidy = dir.join("tidy.variant");
    std::fs::write(&messy, MESSY).unwrap();
    std::fs::write(&tidy, TIDY).unwrap();
    let (code, out, _) = sow(&["fmt", "--check", tidy.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, ""));
    let (code, out, _) = sow(&[
        "fmt",
        "--check",
        tidy.to_str().unwrap(),
        messy.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("messy.variant: not formatted"), "{out}");
    assert!(!out.contains("tidy.variant"), "{out}");
    // --check writes nothing.
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), MESSY);
}

#[test]
fn fmt_rewrites_in_place_keeping_comments() {
    let dir = scratch("fmt-write");
    let messy = dir.join("messy.variant");
    std::fs::write(&messy, MESSY).unwrap();
    let (code, out, err) = sow(&["fmt", messy.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("formatted"), "{out}");
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), TIDY);
    let (code, _, _) = sow(&["fmt", "--check", messy.to_str().unwrap()]);
    assert_eq!(code, 0);
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn fmt_leaves_a_file_with_errors_alone() {
    let dir = scratch("fmt-errors");
    let bad = dir.join("bad.variant");
    let text = "name \"T\"\nboard { pits 3; seeds 7 }\nsow { start origin; laps rely }\n";
    std::fs::write(&bad, text).unwrap();
    let (code, _, err) = sow(&["fmt", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown kind of laps `rely`"), "{err}");
    assert!(err.contains("bad.variant:3:"), "{err}");
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), text);
}

/// `sow fmt` rewrites an old file's restrictions (`sow { min_stones }`,
/// `feeding`, the top-level `grand_slam`) into `legal`, in the order old
/// files mean, with their comments; it keeps a `legal` section's own order.
#[test]
fn fmt_upgrades_old_restrictions_and_keeps_the_order_of_legal() {
    let dir = scratch("fmt-upgrade");
    let old = dir.join("old.variant");
    let text = "name \"T\"\nboard { pits 3; seeds 7 }\nsow { start origin; min_stones 2 }\ncapture { counts 2 4 6; side any }\n# feed them\nfeeding { when cannot_move; otherwise end_game }\ngrand_slam only_move_no_capture  # slams\nend { repetition ignore }\n";
    std::fs::write(&old, text).unwrap();
    let (code, _, err) = sow(&["fmt", old.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let upgraded = std::fs::read_to_string(&old).unwrap();
    assert!(
        upgraded.contains("legal {\n  min_stones 2\n  grand_slam only_move_no_capture  # slams\n  # feed them\n  feed       cannot_move\n  otherwise  end_game\n}\n"),
        "{upgraded}"
    );
    assert!(!upgraded.contains("feeding"), "{upgraded}");
    let rules = |t: &str| rules::load(&Source::new("t", t)).unwrap().rules;
    assert_eq!(rules(text), rules(&upgraded));
    // modiar-awale-info lists feeding first: formatting keeps that order.
    let source = Source::new("t", variants::text("modiar-awale-info").unwrap());
    let formatted = format::format(&source).unwrap();
    let feed = formatted.find("  feed ").unwrap();
    let slam = formatted.find("  grand_slam ").unwrap();
    assert!(feed < slam, "{formatted}");
    assert_eq!(rules(&formatted), rules(&source.text));
}
