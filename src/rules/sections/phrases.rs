//! Phrases that sentences of several sections share.

/// `2`, `2 or 3`, `2, 4 or 6`.
pub(super) fn or_list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// `1 stone is`, `4 stones are`.
pub(super) fn stones_phrase(n: u8) -> String {
    if n == 1 {
        "1 stone is".to_string()
    } else {
        format!("{n} stones are")
    }
}
