//! Memory before a large search: what a command would need at most, checked
//! against what the machine has, so a search too large is refused at once
//! (exit 2) instead of growing until the allocator aborts.
//!
//! "Available" is `MemAvailable` in `/proc/meminfo` (memory that can be
//! used without swapping), lowered to the room left under the cgroup's
//! `memory.max` when the process runs in a container with a cap. Where
//! neither can be read, nothing is refused.

/// Bytes the machine can give this process now, when it can be told.
pub fn available() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let available = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|kb| kb.trim().parse::<u64>().ok())?
        .saturating_mul(1024);
    Some(cgroup_room().map_or(available, |room| room.min(available)))
}

/// Room left under a cgroup v2 memory cap, when there is one.
fn cgroup_room() -> Option<u64> {
    let read = |name: &str| {
        std::fs::read_to_string(format!("/sys/fs/cgroup/{name}"))
            .ok()?
            .trim()
            .parse::<u64>()
            .ok()
    };
    Some(read("memory.max")?.saturating_sub(read("memory.current").unwrap_or(0)))
}

/// A search that would not fit: `items` of `bytes_each` against `available`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// What the search may hold at most.
    pub items: u128,
    /// Bytes each takes (measured; see the callers).
    pub bytes_each: u64,
    /// Bytes available.
    pub available: u64,
}

impl TooLarge {
    /// The most items that fit in the memory available.
    pub fn fitting(&self) -> u64 {
        self.available / self.bytes_each.max(1)
    }

    /// "up to N positions need about X GB of memory; Y GB is available".
    pub fn describe(&self, what: &str) -> String {
        format!(
            "up to {} {what} need about {} of memory (about {} bytes each), more than the {} available",
            self.items,
            bytes(self.items.saturating_mul(u128::from(self.bytes_each))),
            self.bytes_each,
            bytes(u128::from(self.available))
        )
    }
}

/// Whether `items` of `bytes_each` fit in the memory available now.
///
/// # Errors
/// [`TooLarge`] when they do not.
pub fn fits(items: u128, bytes_each: u64) -> Result<(), TooLarge> {
    match available() {
        Some(available) if items.saturating_mul(u128::from(bytes_each)) > u128::from(available) => {
            Err(TooLarge {
                items,
                bytes_each,
                available,
            })
        }
        _ => Ok(()),
    }
}

/// A search refused because it would not fit in memory: the command (e.g.
/// "analyze oware") with its limit option (e.g. "--limit 1000000000000").
#[derive(Debug, thiserror::Error)]
#[error("{command} {option}: {}; lower {} to at most {} (or free memory)", .too_large.describe("positions"), self.option_name(), .too_large.fitting())]
pub struct MemoryError {
    /// The command and its variant.
    pub command: String,
    /// The limit option and its value.
    pub option: String,
    /// What would not fit.
    pub too_large: TooLarge,
}

impl MemoryError {
    /// The option's name without its value (`--limit`).
    fn option_name(&self) -> &str {
        self.option.split(' ').next().unwrap_or(&self.option)
    }
}

/// [`fits`], refused with what to lower: `command` (e.g. "analyze oware")
/// with its limit `option` (e.g. "--limit 1000000000000").
///
/// # Errors
/// The search would not fit; the message says what to lower it to.
pub fn check(command: &str, option: &str, items: u128, bytes_each: u64) -> Result<(), MemoryError> {
    fits(items, bytes_each).map_err(|too_large| MemoryError {
        command: command.to_string(),
        option: option.to_string(),
        too_large,
    })
}

/// A number of bytes for people: "512 MB", "1.5 TB".
pub fn bytes(n: u128) -> String {
    const UNITS: [&str; 6] = ["bytes", "kB", "MB", "GB", "TB", "PB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 || value >= 100.0 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_read_in_thousands() {
        assert_eq!(bytes(999), "999 bytes");
        assert_eq!(bytes(1_500_000), "1.5 MB");
        assert_eq!(bytes(200_000_000_000_000), "200 TB");
    }

    #[test]
    fn too_large_says_how_many_fit() {
        let t = TooLarge {
            items: 10,
            bytes_each: 200,
            available: 1_000,
        };
        assert_eq!(t.fitting(), 5);
        assert_eq!(
            t.describe("positions"),
            "up to 10 positions need about 2.0 kB of memory (about 200 bytes each), more than the 1.0 kB available"
        );
    }
}
