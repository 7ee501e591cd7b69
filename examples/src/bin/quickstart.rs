//! The tour's tools as a server: stdio by default, `--http [ADDR]` for streamable HTTP at
//! `http://ADDR/mcp` (`ADDR` defaults to `127.0.0.1:8080`); `--otlp URL` exports its spans
//! and metrics to the OpenTelemetry collector at `URL` (OTLP/HTTP, e.g.
//! `http://127.0.0.1:4318`).
//!
//! Usage: `quickstart [--http [ADDR]] [--otlp URL]`

use toolshape::Server;
#[cfg(feature = "otlp")]
use toolshape_examples::otlp::Otlp;
use toolshape_examples::quickstart::{Directory, toolset};
use toolshape_examples::{Args, Error, Flags};

const USAGE: &str = "usage: quickstart [--http [ADDR]] [--otlp URL]";

fn main() -> Result<(), Error> {
    let flags = Flags {
        options: &["--otlp"],
        ..Flags::default()
    };
    let args =
        Args::parse_flags(std::env::args().skip(1), &flags).map_err(|e| format!("{e}; {USAGE}"))?;
    if args.store.is_some() {
        return Err(format!(
            "the quickstart keeps no shared state: it takes no `--store`; {USAGE}"
        )
        .into());
    }
    let http = args.http.clone();
    let otlp = args.option("--otlp").map(str::to_owned);
    // The exporters start and stop outside the runtime: their HTTP client runs its own.
    let exporters = match &otlp {
        Some(url) => {
            let instance = http
                .clone()
                .unwrap_or_else(|| format!("stdio-{}", std::process::id()));
            #[cfg(feature = "otlp")]
            let exporters = Otlp::start(url, "toolshape-quickstart", &instance)?;
            #[cfg(not(feature = "otlp"))]
            let exporters: () = {
                let _ = (url, instance);
                return Err("`--otlp` needs the exporter: run with `--features otlp`".into());
            };
            Some(exporters)
        }
        None => {
            toolshape_examples::init_logging();
            None
        }
    };
    let runtime = tokio::runtime::Runtime::new()?;
    let served = runtime.block_on(async {
        let mut server = Server::new(Directory::default(), toolset()).with_info(
            toolshape::rmcp::model::Implementation::new(
                "toolshape-quickstart",
                env!("CARGO_PKG_VERSION"),
            ),
        );
        if let Some(addr) = &http {
            server = server.with_tasks(
                toolshape::serve::TaskSettings::default().with_instance_id(addr.clone()),
            );
        }
        let serve = async {
            match &http {
                None => server.serve_stdio().await,
                Some(addr) => server.serve_http(addr.as_str()).await,
            }
        };
        // Ctrl-C (SIGINT) ends the server cleanly, so that the last spans are exported.
        tokio::select! {
            served = serve => served,
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    });
    drop(runtime);
    #[cfg(feature = "otlp")]
    if let Some(exporters) = exporters {
        exporters.shutdown();
    }
    #[cfg(not(feature = "otlp"))]
    let _ = exporters;
    served
}
