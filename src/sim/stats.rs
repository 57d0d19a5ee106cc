//! The statistics a batch reports: Wilson intervals and exact quantiles from
//! a histogram of small whole numbers.

use serde::{Deserialize, Serialize};

/// The 0.975 quantile of the standard normal distribution (95% two-sided).
const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval `[low, high]` for `successes` out of
/// `trials`; `None` when there are no trials.
///
/// With p = k/n and z = 1.96: centre (p + z²/2n) / (1 + z²/n), half-width
/// z·√(p(1−p)/n + z²/4n²) / (1 + z²/n). Unlike p ± z·√(p(1−p)/n) it stays
/// inside [0, 1] and is sound for small n and for p near 0 or 1.
pub fn wilson_interval(successes: u64, trials: u64) -> Option<[f64; 2]> {
    if trials == 0 {
        return None;
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Some([(centre - half).max(0.0), (centre + half).min(1.0)])
}

/// The nearest-rank `q`-quantile's rank: the `⌈q·n⌉`-th smallest of `n`
/// values (from 1), at least the first.
pub fn nearest_rank(q: f64, n: u64) -> u64 {
    ((q * n as f64).ceil() as u64).clamp(1, n.max(1))
}

/// How many times each whole number (a game length in plies) occurred.
/// Memory is one counter per possible value, whatever the number of games;
/// quantiles read from it are exact.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// Counts `value` once more.
    pub fn add(&mut self, value: u32) {
        self.add_many(value, 1);
    }

    /// Counts `value` `times` more.
    pub fn add_many(&mut self, value: u32, times: u64) {
        let i = value as usize;
        if self.counts.len() <= i {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += times;
    }

    /// Every count of `self` and `other` added up; `None` when a count, the
    /// number of values or their sum would not fit in 64 bits.
    pub fn merged(&self, other: &Histogram) -> Option<Histogram> {
        let mut sum = self.clone();
        for (value, count) in other.pairs() {
            let i = value as usize;
            if sum.counts.len() <= i {
                sum.counts.resize(i + 1, 0);
            }
            sum.counts[i] = sum.counts[i].checked_add(count)?;
        }
        sum.checked_totals()?;
        Some(sum)
    }

    /// The number of values and their sum, `None` when either overflows.
    fn checked_totals(&self) -> Option<(u64, u64)> {
        self.pairs().try_fold((0u64, 0u64), |(n, total), (v, c)| {
            Some((
                n.checked_add(c)?,
                total.checked_add(u64::from(v).checked_mul(c)?)?,
            ))
        })
    }

    /// `(value, count)` for every value seen, ascending.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
    }

    /// Number of values counted.
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Sum of the values counted.
    pub fn sum(&self) -> u64 {
        self.pairs().map(|(v, c)| u64::from(v) * c).sum()
    }

    /// The largest value counted (0 when empty).
    pub fn max(&self) -> u32 {
        self.pairs().last().map_or(0, |(v, _)| v)
    }

    /// The `rank`-th smallest value (from 1), if there are that many.
    pub fn nth(&self, rank: u64) -> Option<u32> {
        let mut seen = 0;
        for (value, count) in self.pairs() {
            seen += count;
            if seen >= rank {
                return Some(value);
            }
        }
        None
    }

    /// The median: the middle value, or the mean of the two middle values
    /// when the count is even. `None` when empty.
    pub fn median(&self) -> Option<f64> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        let low = self.nth(n.div_ceil(2))?;
        let high = self.nth(n / 2 + 1)?;
        Some((f64::from(low) + f64::from(high)) / 2.0)
    }

    /// The nearest-rank `q`-quantile (`q` = 0.95 for p95). `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<u32> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        self.nth(nearest_rank(q, n))
    }
}

impl Serialize for Histogram {
    /// As `{"value": count, ...}`, ascending, values seen only.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.pairs().map(|(v, c)| (v.to_string(), c)))
    }
}

impl<'de> Deserialize<'de> for Histogram {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let pairs = std::collections::BTreeMap::<String, u64>::deserialize(d)?;
        let mut h = Histogram::default();
        for (key, count) in pairs {
            let value: u32 = key.parse().map_err(|_| {
                serde::de::Error::custom(format!("histogram key `{key}` is not a number of plies"))
            })?;
            if value > super::batch::MAX_PLY_CAP {
                return Err(serde::de::Error::custom(format!(
                    "histogram value {value} is above the largest ply cap {}",
                    super::batch::MAX_PLY_CAP
                )));
            }
            if h.counts.get(value as usize).is_some_and(|&c| c > 0) {
                return Err(serde::de::Error::custom(format!(
                    "histogram value {value} given twice"
                )));
            }
            h.add_many(value, count);
        }
        if h.checked_totals().is_none() {
            return Err(serde::de::Error::custom(
                "histogram counts too large: their total does not fit in 64 bits",
            ));
        }
        Ok(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    #[test]
    fn wilson_matches_worked_values() {
        // 8 of 10, by hand: p = .8, z² = 3.8415; denominator 1.38415;
        // centre (.8 + .19207)/1.38415 = .71674; half-width
        // 1.96·√(.016 + .0096037)/1.38415 = 1.95996·.16001/1.38415 = .22658;
        // [.49016, .94332] (the textbook Wilson interval for 8/10).
        let [lo, hi] = wilson_interval(8, 10).unwrap();
        assert!(close(lo, 0.49016) && close(hi, 0.94332), "{lo} {hi}");
        // 0 of 10: [0, z²/n / (1 + z²/n)] = [0, .38415/1.38415 = .27753].
        let [lo, hi] = wilson_interval(0, 10).unwrap();
        assert!(lo == 0.0 && close(hi, 0.27753), "{lo} {hi}");
        // 50 of 100: centre .5, half 1.96·√(.0025 + .000096)/1.038415 = .09617.
        let [lo, hi] = wilson_interval(50, 100).unwrap();
        assert!(close(lo, 0.40383) && close(hi, 0.59617), "{lo} {hi}");
        assert_eq!(wilson_interval(0, 0), None);
    }

    #[test]
    fn quantiles_of_a_small_histogram() {
        // Values 3 3 5 7 7 7 9 12: median = mean of the 4th and 5th of 8 =
        // (7 + 7)/2 = 7; p95 is the ⌈7.6⌉ = 8th = 12; max 12; sum 53.
        let mut h = Histogram::default();
        for v in [7, 3, 12, 7, 5, 3, 9, 7] {
            h.add(v);
        }
        assert_eq!(h.count(), 8);
        assert_eq!(h.sum(), 53);
        assert_eq!(h.max(), 12);
        assert_eq!(h.median(), Some(7.0));
        assert_eq!(h.quantile(0.95), Some(12));
        assert_eq!(h.quantile(0.5), Some(7));
        // Even count with different middles: 1 2 3 10 -> (2 + 3)/2.
        let mut h = Histogram::default();
        for v in [10, 1, 3, 2] {
            h.add(v);
        }
        assert_eq!(h.median(), Some(2.5));
        assert_eq!(Histogram::default().median(), None);
    }

    #[test]
    fn p95_of_a_hundred_values_is_the_95th() {
        let mut h = Histogram::default();
        for v in 1..=100 {
            h.add(v);
        }
        assert_eq!(h.quantile(0.95), Some(95));
        assert_eq!(h.median(), Some(50.5));
    }

    #[test]
    fn histograms_merge_and_round_trip_through_json() {
        let mut a = Histogram::default();
        a.add(4);
        a.add(2);
        let mut b = Histogram::default();
        b.add(4);
        let a = a.merged(&b).unwrap();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"2":1,"4":2}"#);
        assert_eq!(serde_json::from_str::<Histogram>(&json).unwrap(), a);
    }

    #[test]
    fn histograms_read_from_json_must_add_up() {
        let read = |json: &str| serde_json::from_str::<Histogram>(json).map_err(|e| e.to_string());
        let max = u64::MAX;
        assert!(read(&format!(r#"{{"1": {max}, "2": 1}}"#))
            .unwrap_err()
            .contains("too large"));
        // 2 x 2^63 plies: the count fits, the sum does not.
        let half = 1u64 << 63;
        assert!(read(&format!(r#"{{"2": {half}}}"#))
            .unwrap_err()
            .contains("too large"));
        assert!(read(r#"{"4": 1, "04": 1}"#)
            .unwrap_err()
            .contains("given twice"));
        let full = read(&format!(r#"{{"0": {max}}}"#)).unwrap();
        assert_eq!(full.merged(&full), None);
    }
}
