//! YAML as `sow` writes and reads it for traces and records: lists of numbers
//! and labels on one line (`board: [2, 8, 8, 8, 8, 8]`), number lists also
//! accepted as a string (`board: "2 8 8 8 8 8"`), and errors that put the
//! place first and name the accepted values.

use std::{fmt, marker::PhantomData, str::FromStr};

use serde::{de, Deserialize, Deserializer, Serialize};

/// YAML serialisation failed (it does not for the types `sow` writes).
#[derive(Debug, thiserror::Error)]
#[error("YAML: {0}")]
pub struct YamlError(#[from] serde_yaml::Error);

/// `value` as YAML, every list of plain scalars (numbers, pit labels) written
/// as a flow sequence on one line, so a long game stays short and editable.
///
/// # Errors
/// Should YAML serialisation fail.
pub fn to_string<T: Serialize>(value: &T) -> Result<String, YamlError> {
    let block = serde_yaml::to_string(value)?;
    Ok(flow_scalar_lists(&block))
}

/// Rewrites each block sequence of plain scalars under a key
/// (`key:` then `- 1` / `- 2` at the key's column) as `key: [1, 2]`.
fn flow_scalar_lists(block: &str) -> String {
    let lines: Vec<&str> = block.lines().collect();
    let mut out = String::with_capacity(block.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        let Some(column) = key_column(line) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let item_prefix = format!("{:column$}- ", "");
        let mut items = Vec::new();
        while let Some(item) = lines.get(i).and_then(|l| l.strip_prefix(&item_prefix)) {
            if !is_plain_scalar(item) {
                break;
            }
            items.push(item);
            i += 1;
        }
        // A list that goes on with other items (mappings, nested lists) stays
        // in block form.
        let rest_of_list = lines.get(i).is_some_and(|l| l.starts_with(&item_prefix));
        if items.is_empty() || rest_of_list {
            i -= items.len();
            out.push_str(line);
        } else {
            out.push_str(line);
            out.push_str(" [");
            out.push_str(&items.join(", "));
            out.push(']');
        }
        out.push('\n');
    }
    out
}

/// The column of the key of a line `key:` (or `- key:`) that has no value
/// on the line, where a block value follows.
fn key_column(line: &str) -> Option<usize> {
    let key = line.strip_suffix(':')?;
    let indent = key.len() - key.trim_start().len();
    let key = key.trim_start();
    let (column, key) = match key.strip_prefix("- ") {
        Some(rest) => (indent + 2, rest),
        None => (indent, key),
    };
    let plain = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    plain.then_some(column)
}

/// A scalar that reads the same inside `[...]`: a number, or a pit label
/// with its direction (`b:cw`).
fn is_plain_scalar(item: &str) -> bool {
    !item.is_empty()
        && item
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric())
        && item
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
        && !item.ends_with(':')
}

/// Parses YAML text into `T`.
///
/// # Errors
/// What is wrong, starting with `line L column C: ` when the place is known;
/// a value outside a fixed set says `expected a, b or c, found `x``.
pub fn from_str<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_yaml::from_str(text).map_err(|e| {
        let message = readable(&e.to_string());
        // serde_yaml appends " at line L column C"; put the place first instead.
        match e.location() {
            Some(at) => {
                let suffix = format!(" at line {} column {}", at.line(), at.column());
                let message = message.strip_suffix(&suffix).unwrap_or(&message);
                // serde_yaml places a repeated key at its mapping's start.
                let (line, column) = duplicate_field(message)
                    .and_then(|key| repeated_key(text, at.line(), at.column(), key))
                    .unwrap_or((at.line(), at.column()));
                format!("line {line} column {column}: {message}")
            }
            None => message,
        }
    })
}

/// The key of serde's "duplicate field `moves`" message.
fn duplicate_field(message: &str) -> Option<&str> {
    let rest = &message[message.find("duplicate field `")? + "duplicate field `".len()..];
    rest.split_once('`').map(|(key, _)| key)
}

/// Where `key` is given the second time in the block mapping whose first
/// key is at `line`, `column` (both from 1): the place of the repeat, which
/// serde_yaml reports at the mapping's start.
fn repeated_key(text: &str, line: usize, column: usize, key: &str) -> Option<(usize, usize)> {
    let indent = column.checked_sub(1)?;
    let mut seen = false;
    for (i, l) in text.lines().enumerate().skip(line.checked_sub(1)?) {
        let first = i + 1 == line;
        let body = l.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let at = l.len() - body.len();
        if !first && at < indent {
            return None; // the mapping has ended
        }
        if at == indent || (first && l.get(indent..).is_some()) {
            let here = l.get(indent..)?;
            let named = here
                .strip_prefix(key)
                .is_some_and(|after| after.trim_start().starts_with(':'));
            if named {
                if seen {
                    return Some((i + 1, column));
                }
                seen = true;
            }
        }
    }
    None
}

/// serde's "unknown variant `South`, expected one of `south`, `north`" as
/// "expected south or north, found `South`" (the field name stays in front).
fn readable(message: &str) -> String {
    let Some(start) = message.find("unknown variant `") else {
        return message.to_string();
    };
    let rest = &message[start + "unknown variant `".len()..];
    let Some((found, rest)) = rest.split_once("`, expected ") else {
        return message.to_string();
    };
    let (accepted, tail) = match rest.find(" at line ") {
        Some(at) => rest.split_at(at),
        None => (rest, ""),
    };
    let accepted = accepted.strip_prefix("one of ").unwrap_or(accepted);
    let names: Vec<&str> = accepted
        .split(", ")
        .flat_map(|part| part.split(" or "))
        .map(|name| name.trim_matches('`'))
        .collect();
    let list = match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, init)) => format!("{} or {last}", init.join(", ")),
        None => return message.to_string(),
    };
    format!(
        "{}expected {list}, found `{found}`{tail}",
        &message[..start]
    )
}

/// Reads a list of numbers written as a YAML list (`[2, 8, 8]`) or as a
/// string of numbers separated by spaces (`"2 8 8"`).
pub fn numbers<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + FromStr,
{
    struct Numbers<T>(PhantomData<T>);
    impl<'de, T: Deserialize<'de> + FromStr> de::Visitor<'de> for Numbers<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("numbers as a list ([2, 8, 8]) or a string (\"2 8 8\")")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Vec<T>, E> {
            text.split_whitespace()
                .map(|word| {
                    word.parse().map_err(|_| {
                        E::custom(format!(
                            "`{word}` in \"{text}\" is not a number of stones (0 or more)"
                        ))
                    })
                })
                .collect()
        }

        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut values = Vec::new();
            while let Some(value) = seq.next_element()? {
                values.push(value);
            }
            Ok(values)
        }
    }
    deserializer.deserialize_any(Numbers(PhantomData))
}

/// [`numbers`] for an optional field.
pub fn some_numbers<'de, D, T>(deserializer: D) -> Result<Option<Vec<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + FromStr,
{
    numbers(deserializer).map(Some)
}

/// Two numbers `[south, north]`, as a list or a string (`"21 21"`).
pub fn pair<'de, D: Deserializer<'de>>(deserializer: D) -> Result<[u16; 2], D::Error> {
    let values: Vec<u16> = numbers(deserializer)?;
    <[u16; 2]>::try_from(values.as_slice()).map_err(|_| {
        de::Error::custom(format!(
            "expected two numbers [south, north], found {}",
            values.len()
        ))
    })
}

/// [`pair`] for an optional field.
pub fn some_pair<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<[u16; 2]>, D::Error> {
    pair(deserializer).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)] // read only to be refused
    struct Record {
        variant: String,
        moves: Option<String>,
        expect: Option<Vec<Checkpoint>>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Checkpoint {
        ply: u32,
        board: Option<String>,
        boards: Option<String>,
    }

    /// A key given twice is placed at its second line, not at its mapping's
    /// start (where serde_yaml places it), at the top and in a list item.
    #[test]
    fn a_repeated_key_is_placed_where_it_is_repeated() {
        let top = "variant: modiar\nmoves: a A\n# a note\nmoves: b\n";
        assert_eq!(
            from_str::<Record>(top).unwrap_err(),
            "line 4 column 1: duplicate field `moves`"
        );
        let nested =
            "variant: modiar\nexpect:\n  - ply: 1\n    boards: x\n    board: 2 8\n    board: 2 8\n";
        assert_eq!(
            from_str::<Record>(nested).unwrap_err(),
            "line 6 column 5: expect[0]: duplicate field `board`"
        );
    }

    #[test]
    fn lists_of_scalars_go_on_one_line_and_others_stay() {
        let block = "start:\n- 7\n- 7\nplies:\n- ply: 1\n  legal:\n  - a\n  - b:cw\n  board:\n  - 2\n  - 8\n  scores:\n  - 0\n  - 0\n- ply: 2\n  legal: []\n";
        assert_eq!(
            flow_scalar_lists(block),
            "start: [7, 7]\nplies:\n- ply: 1\n  legal: [a, b:cw]\n  board: [2, 8]\n  scores: [0, 0]\n- ply: 2\n  legal: []\n"
        );
    }

    #[test]
    fn quoted_or_mixed_lists_stay_in_block_form() {
        let block = "legal:\n- a\n- 'a: ccw'\nmoves:\n- x\n- - 1\n";
        assert_eq!(flow_scalar_lists(block), block);
    }

    #[test]
    fn unknown_variant_names_the_accepted_values() {
        assert_eq!(
            readable("result.winner: unknown variant `South`, expected one of `south`, `north`, `draw`, `none` at line 4 column 11"),
            "result.winner: expected south, north, draw or none, found `South` at line 4 column 11"
        );
        assert_eq!(
            readable("first_player: unknown variant `up`, expected `south` or `north`"),
            "first_player: expected south or north, found `up`"
        );
    }
}
