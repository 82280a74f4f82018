//! The HTTP routes besides the page's files: `GET /class/hello` (is a class server here, and
//! which protocol), the short join link `GET /c/CODE`, and the WebSocket upgrade
//! `GET /class/ws`, refused to a page of another origin.

use super::app::App;
use super::socket::connection;
use super::tcp::Lease;
use crate::identity;
use crate::protocol;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Extension;
use std::net::SocketAddr;
use std::sync::Arc;

pub(super) async fn hello(State(app): State<Arc<App>>) -> Response {
    let body = serde_json::json!({
        "protocol": protocol::VERSION,
        "server": concat!("bitqueens serve ", env!("CARGO_PKG_VERSION")),
        "beatSeconds": app.ping_every.as_secs().max(1),
    });
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(body)).into_response()
}

/// What `/c/CODE` answers when CODE is no join code: a page that says so and leads to the
/// page's own join field (the code typed is not echoed).
const NOT_A_CODE: &str = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>No class has this code</title>\
<body style=\"font: 1.1rem/1.5 system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem\">\
<h1 style=\"font-size: 1.4rem\">No class has this code.</h1>\
<p>A join code is 6 letters and digits (no 0, O, 1, I or L), as the teacher shows it.</p>\
<p><a href=\"/?class=\" style=\"display: inline-block; padding: 0.6rem 1rem; min-height: 44px; box-sizing: border-box\">Type the code on the page</a></p>\
</body></html>";

pub(super) async fn short_link(Path(code): Path<String>) -> Response {
    match identity::normalize_code(&code) {
        Some(code) => Redirect::temporary(&format!("/?class={code}")).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            NOT_A_CODE,
        )
            .into_response(),
    }
}

/// True when the request comes from a page of this server: no `Origin` (not a browser), or
/// one that is this server as the request reached it (`Host`, already one of [`Hosts`]),
/// over http or https.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let (Ok(origin), Some(Ok(host))) = (
        origin.to_str(),
        headers.get(header::HOST).map(|h| h.to_str()),
    ) else {
        return false;
    };
    origin == format!("http://{host}") || origin == format!("https://{host}")
}

pub(super) async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(lease): Extension<Lease>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (
            StatusCode::FORBIDDEN,
            "A page from another origin may not join this class server.",
        )
            .into_response();
    }
    upgrade
        .max_message_size(protocol::MAX_MESSAGE_BYTES)
        .max_frame_size(protocol::MAX_MESSAGE_BYTES)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| connection(socket, app, (peer.ip(), lease)))
}
