//! `sow serve`: a local web app to write, play, replay, compare and
//! simulate variants in a browser. One hand-written page (with its script
//! and style, embedded in the binary) talks JSON to the API here; each page
//! has its module (`api_*.rs`), `files.rs` keeps every read and write inside
//! the served folder, and this module binds the socket and routes requests.
//!
//! The server listens on the loopback address unless told otherwise, reads
//! and writes only inside its folder, refuses requests larger than
//! [`http::MAX_BODY_BYTES`], and bounds every search and batch it runs.

mod api_compare;
mod api_play;
mod api_replay;
mod api_simulate;
mod api_write;
mod assets;
pub mod files;
pub mod http;
mod variant;

use std::{
    net::{IpAddr, SocketAddr},
    path::PathBuf,
    sync::Arc,
};

use files::{Folder, FolderError};
use http::{json_body, Refusal, Reply};

/// Requests served at once (a long search takes one; the others go on).
pub const WORKERS: usize = 4;

/// How the server is set up.
#[derive(Debug, Clone)]
pub struct Options {
    /// The folder whose files it reads and writes.
    pub folder: PathBuf,
    /// The address to listen on (loopback unless `--listen` says otherwise).
    pub address: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The folder cannot be served.
    #[error("the folder to serve: {0}")]
    Folder(#[from] FolderError),
    /// The address cannot be listened on (most often: the port is in use).
    #[error("cannot listen on {address}: {why}{hint}")]
    Bind {
        /// The address and port.
        address: SocketAddr,
        /// What the system said.
        why: String,
        /// What to do about it.
        hint: &'static str,
    },
}

/// What every request may use.
struct State {
    folder: Folder,
    jobs: api_simulate::Jobs,
    /// The host names a request may be addressed to (`Host`), when the
    /// server listens on the loopback address only: a page of another
    /// site cannot then reach it through a name that resolves to 127.0.0.1.
    hosts: Option<Vec<String>>,
}

/// A server bound to its address, not yet serving.
pub struct Server {
    http: tiny_http::Server,
    address: SocketAddr,
    state: Arc<State>,
}

impl Server {
    /// Binds the address of `options` and opens its folder.
    ///
    /// # Errors
    /// The folder is not one, or the address cannot be listened on (a port
    /// in use is said so, with what to do).
    pub fn bind(options: &Options) -> Result<Server, ServeError> {
        let folder = Folder::new(&options.folder)?;
        let wanted = SocketAddr::new(options.address, options.port);
        let http = tiny_http::Server::http(wanted).map_err(|e| {
            let in_use = e
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::AddrInUse);
            ServeError::Bind {
                address: wanted,
                why: e.to_string(),
                hint: if in_use {
                    " (another program, perhaps another `sow serve`, listens on this port: stop it, or choose another port with --port)"
                } else {
                    ""
                },
            }
        })?;
        let address = http.server_addr().to_ip().unwrap_or(wanted);
        let hosts = options.address.is_loopback().then(|| {
            let port = address.port();
            ["127.0.0.1", "localhost", "[::1]"]
                .iter()
                .flat_map(|host| [host.to_string(), format!("{host}:{port}")])
                .collect()
        });
        Ok(Server {
            http,
            address,
            state: Arc::new(State {
                folder,
                jobs: api_simulate::Jobs::default(),
                hosts,
            }),
        })
    }

    /// The address and port it listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The served folder, canonicalized.
    pub fn folder(&self) -> &std::path::Path {
        self.state.folder.root()
    }

    /// Serves requests on [`WORKERS`] threads until the process ends.
    pub fn run(self) {
        let http = Arc::new(self.http);
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                let http = Arc::clone(&http);
                let state = Arc::clone(&self.state);
                std::thread::spawn(move || {
                    while let Ok(request) = http.recv() {
                        respond(&state, request);
                    }
                })
            })
            .collect();
        for worker in workers {
            let _ = worker.join();
        }
    }
}

/// Answers one request.
fn respond(state: &State, mut request: tiny_http::Request) {
    let reply = route(state, &mut request);
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    let headers = [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ];
    for (name, value) in headers {
        if let Ok(header) = tiny_http::Header::from_bytes(name, value) {
            response.add_header(header);
        }
    }
    // The browser may have gone: nothing to tell it then.
    let _ = request.respond(response);
}

/// The value of the header `name`, if the request has it.
fn header(request: &tiny_http::Request, name: &'static str) -> Option<String> {
    (request.headers().iter())
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str().to_ascii_lowercase())
}

/// A refusal for a request another site's page may have sent: an API call
/// must be JSON (which a page of another origin cannot send without the
/// browser asking first, and this server never says yes), and from a
/// loopback-only server's own page when the browser names its origin.
fn cross_site(state: &State, request: &tiny_http::Request) -> Option<Reply> {
    let json = header(request, "Content-Type").is_some_and(|t| t.starts_with("application/json"));
    if !json {
        return Some(Reply::error(
            415,
            "the API takes JSON (Content-Type: application/json)",
        ));
    }
    let (Some(hosts), Some(origin)) = (&state.hosts, header(request, "Origin")) else {
        return None;
    };
    let ours = origin
        .strip_prefix("http://")
        .is_some_and(|host| hosts.iter().any(|h| *h == host));
    (!ours).then(|| Reply::error(403, "this server answers its own page only"))
}

fn route(state: &State, request: &mut tiny_http::Request) -> Reply {
    if let Some(hosts) = &state.hosts {
        let host = header(request, "Host");
        if !host.is_some_and(|host| hosts.contains(&host)) {
            return Reply::error(
                403,
                "this server answers requests to 127.0.0.1 or localhost only",
            );
        }
    }
    let path = request.url().split('?').next().unwrap_or("").to_string();
    let method = request.method().clone();
    if method == tiny_http::Method::Post {
        if let Some(refusal) = cross_site(state, request) {
            return refusal;
        }
    }
    let folder = &state.folder;
    let result: Result<serde_json::Value, Refusal> = match (&method, path.as_str()) {
        (tiny_http::Method::Get, "/") => {
            return Reply::asset("text/html; charset=utf-8", assets::PAGE)
        }
        (tiny_http::Method::Get, "/app.js") => {
            return Reply::asset("text/javascript; charset=utf-8", assets::SCRIPT)
        }
        (tiny_http::Method::Get, "/style.css") => {
            return Reply::asset("text/css; charset=utf-8", assets::STYLE)
        }
        (tiny_http::Method::Get, "/api/files") => Ok(api_write::list(folder)),
        (tiny_http::Method::Post, api) => match api {
            "/api/source" => json_body(request).and_then(|r| api_write::source(folder, &r)),
            "/api/check" => json_body(request).map(|r| api_write::check(&r)),
            "/api/format" => json_body(request).and_then(|r| api_write::format(&r)),
            "/api/save" => json_body(request).and_then(|r| api_write::save(folder, &r)),
            "/api/play" => json_body(request).and_then(|r| api_play::play(folder, &r)),
            "/api/play/record" => json_body(request).and_then(|r| api_play::record(folder, &r)),
            "/api/replay" => json_body(request).and_then(|r| api_replay::replay(folder, &r)),
            "/api/compare" => json_body(request).and_then(|r| api_compare::compare(folder, &r)),
            "/api/simulate" => json_body(request).and_then(|r| state.jobs.start(folder, &r)),
            "/api/simulate/status" => json_body(request).and_then(|r| state.jobs.status(&r)),
            "/api/simulate/cancel" => json_body(request).and_then(|r| state.jobs.cancel(&r)),
            _ => Err((404, format!("no API at {api}"))),
        },
        _ => Err((404, format!("nothing at {method} {path}"))),
    };
    match result {
        Ok(value) => Reply::json(&value),
        Err((status, message)) => Reply::error(status, message),
    }
}
