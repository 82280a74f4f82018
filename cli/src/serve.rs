//! `bitqueens serve`: the page and the live class's relay, on one port (see the crate
//! `bitqueens-class`). It prints the address and the teacher link, each on a line of its own
//! (tests and the page's tests read them), and runs until Ctrl-C.

use bitqueens_class::hub::Limits;
use bitqueens_class::identity;
use bitqueens_class::server::{self, Config};
use clap::Args as ClapArgs;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::PathBuf;

/// `bitqueens serve`'s options.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The port (0: a free one).
    #[arg(long, default_value_t = 8035)]
    port: u16,
    /// Listen on the local network (not only this computer), and print the address and a QR
    /// code for the room.
    #[arg(long)]
    lan: bool,
    /// Serve this build of the page (a dist/ folder) instead of the one in the binary.
    #[arg(long, value_name = "DIST")]
    dir: Option<PathBuf>,
    /// Classes open at once, at most.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_rooms: u32,
    /// Students in one class, at most.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_students: u32,
    /// Make a new teacher key (the old teacher link stops working); by default the key is
    /// kept in $XDG_STATE_HOME/bitqueens/teacher-key (~/.local/state/…), so that a restarted
    /// server takes its classes back.
    #[arg(long)]
    new_key: bool,
    /// A host name the students or the teacher open the server by (repeatable): requests for
    /// any other name than this computer's addresses and localhost are refused.
    #[arg(long = "host", value_name = "NAME")]
    hosts: Vec<String>,
    /// New students per address per minute (for tests and benchmarks on one address).
    #[arg(long, default_value_t = 60, hide = true)]
    joins_per_minute: u32,
    /// Wrong guesses at a join code (or a secret, or the key) per address per minute (for
    /// tests).
    #[arg(long, default_value_t = 20, hide = true)]
    wrong_guesses_per_minute: u32,
    /// Seconds a student who left still counts towards --max-students (for tests).
    #[arg(long, default_value_t = 60, hide = true, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    seat_kept_seconds: u64,
    /// Wrong guesses per minute in all, past which only an address with none this minute may
    /// try (for tests).
    #[arg(long, default_value_t = 300, hide = true)]
    guesses_per_minute: u32,
    /// Messages per second per connection, bursts of twice as many (for tests).
    #[arg(long, default_value_t = 20, hide = true, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    messages_per_second: u32,
    /// Seconds a new connection has to join or teach before it is closed (for tests).
    #[arg(long, default_value_t = 10, hide = true, value_parser = clap::value_parser!(u64).range(1..=3600))]
    opening_seconds: u64,
    /// Seconds between the pings of each connection (for tests).
    #[arg(long, default_value_t = 15, hide = true, value_parser = clap::value_parser!(u64).range(1..=3600))]
    ping_seconds: u64,
    /// Seconds of silence (no message, no pong) after which a connection is closed (for tests).
    #[arg(long, default_value_t = 45, hide = true, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    silent_seconds: u64,
    /// Connections open at once, at most (0: from the open-file limit and the caps above; for
    /// tests).
    #[arg(long, default_value_t = 0, hide = true)]
    max_connections: usize,
    /// Connections open at once from one address, at most (0: twice a full class; for tests).
    #[arg(long, default_value_t = 0, hide = true)]
    connections_per_address: usize,
    /// Seconds a connection has to send a request's head (for tests).
    #[arg(long, default_value_t = 10, hide = true, value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_seconds: u64,
    /// Seconds a connection's socket may take nothing written to it before it is closed (for
    /// tests).
    #[arg(long, default_value_t = 10, hide = true, value_parser = clap::value_parser!(u64).range(1..=3600))]
    write_seconds: u64,
}

/// Runs the server until Ctrl-C.
pub fn run(args: Args) -> Result<(), String> {
    if let Some(dir) = &args.dir {
        if !dir.join("index.html").is_file() {
            return Err(format!(
                "{} has no index.html: pass the folder npm run build made (dist).",
                dir.display()
            ));
        }
    }
    if !server::has_page(args.dir.clone()) {
        eprintln!("bitqueens: {}", server::NO_PAGE);
    }
    let listen = if args.lan {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    };
    let (key, kept) = match kept_key(args.new_key) {
        Ok((key, file)) => (key, Some(file)),
        Err(why) => {
            eprintln!("bitqueens: {why}: the teacher key is new each time the server starts.");
            (server::new_key(), None)
        }
    };
    let mut config = Config::new(SocketAddr::new(listen, args.port), key.clone());
    config.dir = args.dir;
    config.hosts = args.hosts;
    config.limits = Limits {
        max_rooms: args.max_rooms as usize,
        max_students: args.max_students as usize,
        seat_kept_ms: args.seat_kept_seconds * 1000,
        ..Limits::default()
    };
    config.joins_per_minute = args.joins_per_minute;
    config.wrong_guesses_per_minute = args.wrong_guesses_per_minute;
    config.guesses_per_minute = args.guesses_per_minute;
    config.messages_per_second = args.messages_per_second;
    config.message_burst = args.messages_per_second.saturating_mul(2);
    config.opening_wait = std::time::Duration::from_secs(args.opening_seconds);
    config.ping_every = std::time::Duration::from_secs(args.ping_seconds);
    config.silent_limit = std::time::Duration::from_secs(args.silent_seconds);
    let files = server::raise_open_files();
    let (total, per_address) = server::connection_caps(&config.limits, files);
    config.max_connections = if args.max_connections > 0 {
        args.max_connections
    } else {
        total
    };
    config.max_per_address = if args.connections_per_address > 0 {
        args.connections_per_address
    } else {
        per_address
    };
    config.max_unsettled = server::unsettled_share(config.max_connections);
    // A class behind one address (a school's NAT) needs a full class's places from it, and
    // one address gets at most a quarter of the total.
    let full_class = 2 * (args.max_students as usize + 1);
    let computed = args.max_connections == 0 && args.connections_per_address == 0;
    if let (Some(files), true) = (files, computed && config.max_per_address < full_class) {
        eprintln!(
            "bitqueens: the open-file limit ({files}) lets {} connections in at once from one address, fewer than a class of {} students may need ({full_class}): raise it (ulimit -n {}) before bitqueens serve.",
            config.max_per_address,
            args.max_students,
            4 * full_class as u64 + server::RESERVED_FILES,
        );
    }
    config.header_wait = std::time::Duration::from_secs(args.header_seconds);
    config.write_wait = std::time::Duration::from_secs(args.write_seconds);
    let lan = args.lan;
    server::run(config, |addr| {
        let port = addr.port();
        let host = if lan { lan_address() } else { None };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "Serving bitqueens on http://127.0.0.1:{port}/");
        if lan {
            match host {
                Some(ip) => {
                    let join = format!("http://{ip}:{port}/");
                    let _ = writeln!(out, "Students join at {join}");
                    if let Some(code) = qr(&join) {
                        let _ = writeln!(out, "{code}");
                    }
                }
                None => {
                    let _ = writeln!(
                        out,
                        "No local network address was found: students join at this computer's address, port {port}."
                    );
                }
            }
        }
        let shown = host.map_or_else(|| "127.0.0.1".to_string(), |ip| ip.to_string());
        let _ = writeln!(out, "Teacher link: http://{shown}:{port}/?teach={key}");
        if let Some(file) = &kept {
            let _ = writeln!(
                out,
                "The teacher key is kept in {} (--new-key makes a new one).",
                file.display()
            );
        }
        let _ = writeln!(out, "Press Ctrl-C to stop.");
        let _ = out.flush();
    })
    .map_err(|error| format!("cannot serve on port {}: {error}.", args.port))?;
    // Written as the lines above: a closed stdout (a reader gone) is no failure of the server.
    let _ = writeln!(std::io::stdout(), "Stopped.");
    Ok(())
}

/// The folder of the server's own state: $XDG_STATE_HOME/bitqueens, or
/// ~/.local/state/bitqueens; None when neither variable is set.
fn state_folder() -> Option<PathBuf> {
    let set = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    set("XDG_STATE_HOME")
        .or_else(|| set("HOME").map(|home| home.join(".local").join("state")))
        .map(|state| state.join("bitqueens"))
}

/// The teacher key kept in the state folder's `teacher-key` (readable by this user only), or
/// a new one written there; and the file. Only the key is written: nothing about a class or
/// its students.
fn kept_key(fresh: bool) -> Result<(String, PathBuf), String> {
    let folder = state_folder()
        .ok_or("no folder to keep the teacher key in ($XDG_STATE_HOME or $HOME is not set)")?;
    let kept = key_in(&folder, fresh)?;
    if kept.was_open {
        eprintln!(
            "bitqueens: {} could be read by other users: it was replaced by a new key (the old teacher link stops working).",
            kept.file.display()
        );
    }
    Ok((kept.key, kept.file))
}

/// A teacher key kept in a folder.
#[derive(Debug)]
struct Kept {
    key: String,
    file: PathBuf,
    /// A key was there but readable by group or others: not trusted, replaced.
    was_open: bool,
}

/// The key in `folder`'s `teacher-key`, or a new one written there when there is none, it is
/// not a key, it is readable by group or others (anyone could have copied it), or `fresh`
/// asks for one. The folder is made, and kept, readable by this user only.
fn key_in(folder: &std::path::Path, fresh: bool) -> Result<Kept, String> {
    let file = folder.join("teacher-key");
    let cannot = |error: std::io::Error| {
        format!(
            "the teacher key cannot be kept in {} ({error})",
            file.display()
        )
    };
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(folder).map_err(cannot)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o700)).map_err(cannot)?;
    }
    let mut was_open = false;
    if !fresh {
        if let Ok(text) = std::fs::read_to_string(&file) {
            let key = text.trim();
            if identity::is_secret(key) {
                if readable_by_others(&file) {
                    was_open = true;
                } else {
                    return Ok(Kept {
                        key: key.to_string(),
                        file,
                        was_open,
                    });
                }
            }
        }
    }
    let key = server::new_key();
    // Written whole under a new name (never an existing file, never readable by others, on
    // the disk before the rename), then renamed, and the rename itself made durable: a server
    // stopped, or a computer that loses power, mid-write leaves the old key or the new one.
    let partial = folder.join(format!("teacher-key.{}.new", &server::new_key()[..8]));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options
        .open(&partial)
        .and_then(|mut out| {
            writeln!(out, "{key}")?;
            out.sync_all()
        })
        .and_then(|()| std::fs::rename(&partial, &file));
    if let Err(error) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(cannot(error));
    }
    // The folder's entry: some systems cannot open a folder to sync it; the key is written.
    #[cfg(unix)]
    if let Ok(dir) = std::fs::File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(Kept {
        key,
        file,
        was_open,
    })
}

/// True when `file` may be read by its group or by others (always false off unix).
fn readable_by_others(file: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(file).is_ok_and(|m| m.permissions().mode() & 0o077 != 0)
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        false
    }
}

/// This computer's address on the local network: the one it would send from (a UDP socket
/// connected to a documentation address sends nothing).
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// `text` as a QR code drawn with Unicode half blocks, for the terminal.
fn qr(text: &str) -> Option<String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A new empty folder under the system's temporary one, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("bitqueens-key-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn mode(path: &std::path::Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    fn names(folder: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_key_is_the_users_alone_and_kept() {
        let scratch = Scratch::new("new");
        let folder = scratch.0.join("state").join("bitqueens");
        let first = key_in(&folder, false).unwrap();
        assert!(identity::is_secret(&first.key) && !first.was_open);
        assert_eq!(mode(&folder), 0o700, "the folder");
        assert_eq!(mode(&first.file), 0o600, "the key");
        assert_eq!(names(&folder), ["teacher-key"], "no partial file left");
        assert_eq!(
            std::fs::read_to_string(&first.file).unwrap().trim(),
            first.key
        );
        let again = key_in(&folder, false).unwrap();
        assert_eq!(again.key, first.key, "kept");
        let fresh = key_in(&folder, true).unwrap();
        assert_ne!(fresh.key, first.key, "--new-key");
        assert_eq!(mode(&fresh.file), 0o600);
        assert_eq!(names(&folder), ["teacher-key"]);
    }

    #[test]
    fn a_key_others_could_read_is_replaced_and_the_folder_closed() {
        let scratch = Scratch::new("open");
        let folder = scratch.0.join("bitqueens");
        let old = key_in(&folder, false).unwrap();
        std::fs::set_permissions(&old.file, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
        let new = key_in(&folder, false).unwrap();
        assert!(new.was_open, "said so");
        assert_ne!(new.key, old.key, "not trusted");
        assert_eq!(mode(&new.file), 0o600);
        assert_eq!(mode(&folder), 0o700);
        // Readable by the group only is not trusted either; the user's own is.
        std::fs::set_permissions(&new.file, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert!(key_in(&folder, false).unwrap().was_open);
        let kept = key_in(&folder, false).unwrap();
        assert!(!kept.was_open);
    }

    #[test]
    fn a_file_that_is_not_a_key_is_replaced_and_an_unwritable_folder_said() {
        let scratch = Scratch::new("bad");
        let folder = scratch.0.join("bitqueens");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("teacher-key"), "not a key").unwrap();
        std::fs::set_permissions(
            folder.join("teacher-key"),
            std::fs::Permissions::from_mode(0o600),
        )
        .unwrap();
        let kept = key_in(&folder, false).unwrap();
        assert!(identity::is_secret(&kept.key) && !kept.was_open);
        // A folder that is a file: a sentence, no panic.
        let blocked = scratch.0.join("file");
        std::fs::write(&blocked, "").unwrap();
        let error = key_in(&blocked.join("bitqueens"), false).unwrap_err();
        assert!(error.contains("cannot be kept"), "{error}");
    }
}
