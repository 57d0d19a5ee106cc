//! `sow serve`: starts the web app (see [`crate::serve`]) and says where it
//! listens.

use std::{
    net::{IpAddr, Ipv4Addr},
    path::PathBuf,
};

use super::{error::Error, output::err};
use crate::serve::{Options, Server};

/// Binds, prints the address (and a warning when it is not the loopback
/// address), opens the browser if asked, and serves until the process ends.
pub(super) fn serve(
    folder: PathBuf,
    port: u16,
    listen: Option<IpAddr>,
    open: bool,
) -> Result<i32, Error> {
    let address = listen.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let server = Server::bind(&Options {
        folder,
        address,
        port,
    })?;
    let bound = server.address();
    if !address.is_loopback() {
        err(format_args!(
            "WARNING: listening on {address}, not on 127.0.0.1: anyone who can reach this computer on port {} can read and write the .variant and record files of {} (there is no password)\n",
            bound.port(),
            server.folder().display()
        ));
    }
    let url = if address.is_unspecified() || address.is_loopback() {
        format!("http://127.0.0.1:{}/", bound.port())
    } else {
        format!("http://{bound}/")
    };
    err(format_args!(
        "sow serve: {url} (folder {}); Ctrl-C stops it\n",
        server.folder().display()
    ));
    if open {
        open_browser(&url);
    }
    server.run();
    Ok(super::args::OK)
}

/// Asks the system to open `url` in the default browser (the program is run
/// directly, never through a shell); says so when it cannot.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        err(format_args!(
            "could not open a browser ({opener}: {e}): open {url} yourself\n"
        ));
    }
}
