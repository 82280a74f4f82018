//! The process's open-file limit, raised as far as the system lets it: each connection is
//! an open file, so the limit bounds the connections ([`super::connection_caps`]).

/// Raises this process's open-file limit to its hard limit (on macOS, to the most a process
/// may open); the limit then, or None where there is none to read.
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: getrlimit and setrlimit only read or write the struct passed.
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        let most = limit.rlim_max;
        #[cfg(target_os = "macos")]
        let most = most.min(macos_files_per_process());
        if most > limit.rlim_cur {
            let raised = libc::rlimit {
                rlim_cur: most,
                rlim_max: limit.rlim_max,
            };
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                limit.rlim_cur = most;
            }
        }
        #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on most systems, not all
        Some(limit.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// macOS refuses a soft limit above kern.maxfilesperproc (OPEN_MAX, 10,240, if unread).
#[cfg(target_os = "macos")]
fn macos_files_per_process() -> libc::rlim_t {
    let mut value: libc::c_int = 0;
    let mut size = std::mem::size_of::<libc::c_int>();
    // SAFETY: the name is a C string; value and size describe a c_int.
    let read = unsafe {
        libc::sysctlbyname(
            c"kern.maxfilesperproc".as_ptr(),
            (&mut value as *mut libc::c_int).cast(),
            &mut size,
            std::ptr::null_mut(),
            0,
        )
    };
    if read == 0 && value > 0 {
        value as libc::rlim_t
    } else {
        10_240
    }
}
