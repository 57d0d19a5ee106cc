//! A table of search results of bounded size that, when full, keeps the
//! half of its results that cost the most work to find and forgets the
//! others (the "SmallTreeGC" of Nagai's df-pn): a search larger than the
//! table keeps its costly results, which would take longest to find again,
//! and only the cheap ones near the leaves are searched again.

use std::hash::Hash;

use rustc_hash::FxHashMap;

/// Results by key, each with the work (nodes searched) it cost, at most
/// `most` of them.
pub(crate) struct WorkedTable<K, V> {
    map: FxHashMap<K, (V, u32)>,
    most: usize,
    /// Results forgotten so far.
    #[cfg(test)]
    pub forgotten: usize,
}

impl<K: Hash + Eq, V> WorkedTable<K, V> {
    /// An empty table that holds at most `most` results (at least 2).
    pub fn new(most: usize) -> Self {
        WorkedTable {
            map: FxHashMap::default(),
            most: most.max(2),
            #[cfg(test)]
            forgotten: 0,
        }
    }

    /// Results held.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// The result kept for `key`, with the work it cost.
    pub fn get(&self, key: &K) -> Option<(&V, u32)> {
        self.map.get(key).map(|(v, work)| (v, *work))
    }

    /// Keeps `value` for `key`, found by `work` nodes of search in all
    /// (replacing what `key` had). A full table first forgets the results
    /// that cost at most the median work, about half of them.
    pub fn insert(&mut self, key: K, value: V, work: u32) {
        if self.map.len() >= self.most && !self.map.contains_key(&key) {
            self.forget_cheap_half();
        }
        self.map.insert(key, (value, work));
    }

    /// Forgets every result whose work is at most the median work (all of
    /// them when they all cost the same).
    fn forget_cheap_half(&mut self) {
        let mut works: Vec<u32> = self.map.values().map(|&(_, w)| w).collect();
        let middle = works.len() / 2;
        let median = *works.select_nth_unstable(middle).1;
        #[cfg(test)]
        let before = self.map.len();
        self.map.retain(|_, &mut (_, w)| w > median);
        #[cfg(test)]
        {
            self.forgotten += before - self.map.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_keeps_the_costliest_half() {
        let mut table = WorkedTable::new(10);
        for k in 0..10u32 {
            table.insert(k, k * 100, k + 1);
        }
        assert_eq!(table.len(), 10);
        // Replacing a key never forgets anything.
        table.insert(3, 7, 4);
        assert_eq!(table.len(), 10);
        assert_eq!(table.get(&3), Some((&7, 4)));
        // An eleventh key: works 1..=10, median 6; those above it stay.
        table.insert(10, 1, 1);
        let kept: Vec<u32> = (0..10).filter(|k| table.get(k).is_some()).collect();
        assert_eq!(kept, [6, 7, 8, 9]);
        assert_eq!(table.get(&9), Some((&900, 10)));
        assert_eq!(table.get(&10), Some((&1, 1)));
        assert_eq!(table.len(), 5);
        assert_eq!(table.forgotten, 6);
    }

    #[test]
    fn results_that_cost_the_same_are_all_forgotten_when_full() {
        let mut table = WorkedTable::new(4);
        for k in 0..4u32 {
            table.insert(k, (), 1);
        }
        table.insert(4, (), 1);
        assert_eq!(table.len(), 1);
        assert!(table.get(&4).is_some());
    }
}
