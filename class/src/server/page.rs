//! The page: dist/ carried in the binary (a release build; a debug build reads the folder),
//! or another folder given with `--dir`. Each file with its right type (`application/wasm`
//! for the core, which the browser compiles while it streams only with that type).

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::path::{Component, Path, PathBuf};

#[derive(rust_embed::RustEmbed)]
#[folder = "../dist"]
#[allow_missing = true]
struct Dist;

/// Where the page's files come from.
#[derive(Clone, Debug)]
pub enum Page {
    /// dist/, carried in the binary.
    Carried,
    /// Another folder.
    Folder(PathBuf),
}

/// What a server without a page says instead.
pub const NO_PAGE: &str = "This binary carries no page: run npm run build, or pass --dir DIST.";

impl Page {
    /// The folder `dir`, or the page carried in the binary.
    pub fn new(dir: Option<PathBuf>) -> Page {
        dir.map_or(Page::Carried, Page::Folder)
    }

    /// True when the page has its index.html.
    pub fn has_page(&self) -> bool {
        match self {
            Page::Carried => Dist::get("index.html").is_some(),
            Page::Folder(dir) => dir.join("index.html").is_file(),
        }
    }

    async fn read(&self, relative: &str) -> Option<Vec<u8>> {
        match self {
            Page::Carried => Dist::get(relative).map(|file| file.data.into_owned()),
            Page::Folder(dir) => tokio::fs::read(dir.join(relative)).await.ok(),
        }
    }
}

/// The file's type, by its extension.
fn content_type(relative: &str) -> String {
    let extension = Path::new(relative)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    match extension {
        "wasm" => "application/wasm".to_string(),
        "html" => "text/html; charset=utf-8".to_string(),
        "js" | "mjs" => "text/javascript; charset=utf-8".to_string(),
        "css" => "text/css; charset=utf-8".to_string(),
        "json" => "application/json".to_string(),
        "webmanifest" => "application/manifest+json".to_string(),
        _ => mime_guess::from_ext(extension)
            .first_or_octet_stream()
            .essence_str()
            .to_string(),
    }
}

/// The path asked for, as a relative path inside the page: `None` for one that leaves it
/// (`..`, a root, a drive) or is not plain text.
fn relative_path(uri: &Uri) -> Option<String> {
    let path = uri.path().trim_start_matches('/');
    let mut relative = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    if relative.contains('%') {
        // No file of the page has an escaped name: nothing to decode.
        return None;
    }
    let plain = Path::new(&relative)
        .components()
        .all(|c| matches!(c, Component::Normal(_)));
    if !plain || relative.contains('\\') {
        return None;
    }
    relative.shrink_to_fit();
    Some(relative)
}

/// Serves one file of the page.
pub async fn file(
    axum::extract::State(app): axum::extract::State<std::sync::Arc<super::App>>,
    uri: Uri,
) -> Response {
    let not_found = |text: &'static str| {
        (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            text,
        )
            .into_response()
    };
    let Some(relative) = relative_path(&uri) else {
        return not_found("Not found.");
    };
    match app.page.read(&relative).await {
        Some(body) => (
            [
                (header::CONTENT_TYPE, content_type(&relative)),
                (header::CACHE_CONTROL, "no-cache".to_string()),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
                (header::REFERRER_POLICY, "no-referrer".to_string()),
            ],
            body,
        )
            .into_response(),
        None if relative == "index.html" && !app.page.has_page() => not_found(NO_PAGE),
        None => not_found("Not found."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_page() {
        let rel = |p: &str| relative_path(&p.parse::<Uri>().unwrap());
        assert_eq!(rel("/"), Some("index.html".to_string()));
        assert_eq!(rel("/a/b.js"), Some("a/b.js".to_string()));
        assert_eq!(rel("/../etc/passwd"), None);
        assert_eq!(rel("/a/../../x"), None);
        assert_eq!(rel("/%2e%2e/x"), None);
        assert_eq!(content_type("pkg/core_bg.wasm"), "application/wasm");
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
    }
}
