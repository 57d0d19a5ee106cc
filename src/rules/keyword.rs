//! Enumerations spelt as keywords in variant files.

/// An enumeration whose values are written as keywords in variant files.
pub trait Keyword: Sized + Copy + 'static {
    /// Every value with its keyword, in the order they are documented.
    const ALL: &'static [(&'static str, Self)];
    /// Every keyword, in the order of [`Keyword::ALL`].
    const WORDS: &'static [&'static str];
    /// What each value means (its doc comment), in the order of
    /// [`Keyword::ALL`]: the language reference prints these.
    const DOCS: &'static [&'static str];

    /// The value written as `word`, if any.
    fn from_keyword(word: &str) -> Option<Self> {
        Self::ALL.iter().find(|(k, _)| *k == word).map(|(_, v)| *v)
    }

    /// `` `a`, `b` or `c` `` for messages.
    fn expected() -> String {
        expected_list(Self::ALL.iter().map(|(k, _)| *k))
    }
}

/// `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
pub fn expected_list<'a>(words: impl Iterator<Item = &'a str>) -> String {
    let words: Vec<String> = words.map(|w| format!("`{w}`")).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// `` (did you mean `ccw`?)`` when a known word is close to `found` (see
/// [`closest`]); case is ignored: `CCW` suggests `ccw`.
pub fn suggestion<'a>(found: &str, known: impl Iterator<Item = &'a str>) -> String {
    did_you_mean(&closest(found, known, 1))
}

/// The known words close to `found`, nearest first, at most `max`: within
/// two edits (a letter added, removed, changed, or two swapped), and fewer
/// edits than the word has letters; case is ignored.
pub fn closest<'a>(found: &str, known: impl Iterator<Item = &'a str>, max: usize) -> Vec<&'a str> {
    let found = found.to_lowercase();
    let mut near: Vec<(usize, &str)> = known
        .map(|k| (strsim::damerau_levenshtein(&found, k), k))
        .filter(|(d, k)| *d <= 2 && *d < k.len())
        .collect();
    near.sort_unstable();
    near.into_iter().take(max).map(|(_, k)| k).collect()
}

/// `` (did you mean `a`, `b` or `c`?)``, or nothing when `words` is empty.
pub fn did_you_mean(words: &[&str]) -> String {
    if words.is_empty() {
        return String::new();
    }
    format!(" (did you mean {}?)", expected_list(words.iter().copied()))
}

/// Declares a keyword enumeration: the enum, its keyword table, the values'
/// docs (their doc comments, which the language reference prints), `Display`
/// (the keyword), serde as the keyword, and `Default` (the first value, a
/// blank the validator fills in).
macro_rules! keyword_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[doc = $vdoc:literal])+ $variant:ident = $word:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $($(#[doc = $vdoc])+ #[serde(rename = $word)] $variant,)+
        }

        impl $crate::rules::Keyword for $name {
            const ALL: &'static [(&'static str, Self)] = &[$(($word, $name::$variant),)+];
            const WORDS: &'static [&'static str] = &[$($word,)+];
            const DOCS: &'static [&'static str] = &[$(concat!($($vdoc),+),)+];
        }

        /// The first value: a blank the validator overwrites with the
        /// declared default or the file's value.
        impl ::core::default::Default for $name {
            fn default() -> Self {
                <Self as $crate::rules::Keyword>::ALL[0].1
            }
        }

        impl $name {
            /// The keyword, as a file writes it.
            pub fn word(self) -> &'static str {
                match self { $($name::$variant => $word,)+ }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.pad(self.word())
            }
        }
    };
}
pub(crate) use keyword_enum;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_naturally() {
        assert_eq!(expected_list(["a"].into_iter()), "`a`");
        assert_eq!(expected_list(["a", "b"].into_iter()), "`a` or `b`");
        assert_eq!(
            expected_list(["a", "b", "c"].into_iter()),
            "`a`, `b` or `c`"
        );
    }
}
