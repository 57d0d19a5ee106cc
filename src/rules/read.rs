//! What the validator has read of a file so far, as the checks between keys
//! see it: the rules filled in key by key, and which keys read fine (and
//! where they are written). A check names a key by its declaration
//! (`read.given(&board::SEEDS)`), never by a string.

use rustc_hash::FxHashMap as HashMap;

use super::{declaration::Key, model::Rules};
use crate::{diagnostic::Span, dsl::Setting};

/// A key `(section, item, name)`: section `None` is the top level; the
/// item is 0 but in a section given per item (`capture NAME`).
pub(super) type KeyId = (Option<&'static str>, usize, &'static str);

/// What the validator has read so far.
#[derive(Default)]
pub(crate) struct Read<'a> {
    /// The rules, filled in key by key from [`Rules::default`].
    pub rules: Rules,
    /// The keys whose value (given or default) passed its checks.
    pub(super) keys: HashMap<KeyId, KeyRead<'a>>,
    /// Where each section's name is written (the start of the file for a
    /// section left out).
    pub(super) section_spans: HashMap<&'static str, Span>,
    /// How many keys failed their checks (or were required and missing).
    pub(super) failures: usize,
}

/// One key that read fine.
pub(super) struct KeyRead<'a> {
    /// Where it is written, if it is.
    pub setting: Option<&'a Setting>,
    /// Its value (`None`: an absent rule).
    pub value: Option<super::declaration::Checked>,
}

impl<'a> Read<'a> {
    /// Whether `key` read fine (given or by default).
    pub fn valid(&self, key: &Key) -> bool {
        self.valid_in(key, 0)
    }

    /// `key`'s setting, when it is written and read fine.
    pub fn given(&self, key: &Key) -> Option<&'a Setting> {
        self.given_in(key, 0)
    }

    /// [`Read::valid`] in item `item` of a section given per item.
    pub fn valid_in(&self, key: &Key, item: usize) -> bool {
        self.keys.contains_key(&(key.section, item, key.name))
    }

    /// [`Read::given`] in item `item` of a section given per item.
    pub fn given_in(&self, key: &Key, item: usize) -> Option<&'a Setting> {
        self.keys
            .get(&(key.section, item, key.name))
            .and_then(|read| read.setting)
    }

    /// Where `section` is written (the start of the file when it is not).
    pub fn section_span(&self, section: &str) -> Span {
        self.section_spans.get(section).copied().unwrap_or_default()
    }
}
