//! Memory given back to the system after a burst of connections: glibc's allocator keeps what
//! thousands of short connections freed (a flood of them left the server at 100–180 MB for
//! good), unless told to trim. Elsewhere (macOS, musl, Windows) the allocator's own habits
//! stand.

use std::time::Duration;

/// How often the connections open are looked at.
pub const LOOK_EVERY: Duration = Duration::from_secs(5);

/// How many connections fewer than the most since the last trim make a burst that ended.
pub const BURST: usize = 256;

/// When to trim: the most connections seen since the last trim, and whether `open` now is a
/// burst's end (then the most starts again from `open`).
#[derive(Debug, Default)]
pub struct Trims {
    most: usize,
}

impl Trims {
    /// True when memory should be given back now, with `open` connections open.
    pub fn after(&mut self, open: usize) -> bool {
        self.most = self.most.max(open);
        if self.most >= open + BURST {
            self.most = open;
            return true;
        }
        false
    }
}

/// Gives the memory the allocator holds free back to the system, where it can.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_given_back_once_a_burst_has_ended() {
        let mut trims = Trims::default();
        assert!(!trims.after(10));
        assert!(!trims.after(1_000), "during the burst");
        assert!(!trims.after(800), "not over yet");
        assert!(trims.after(700), "300 fewer than the most");
        assert!(!trims.after(650), "once per burst");
        assert!(!trims.after(900));
        assert!(trims.after(10));
    }
}
