//! Handing application state to tools.

/// A server state that can lend tools a `&T`.
///
/// A free-function tool takes state through a `#[state]` parameter of type `&T`; it can be
/// served by any state `S: Provides<T>`. Every type provides itself, so the simplest server
/// has one state type and its tools take `#[state] x: &ThatType`; an `Arc<ThatType>` provides
/// it too, for a state shared with an rmcp handler or a background task. A larger server with one
/// state struct implements `Provides` for each part its tools ask for:
///
/// ```
/// use toolshape::tool::Provides;
/// struct Db;
/// struct Mailer;
/// struct App { db: Db, mailer: Mailer }
///
/// impl Provides<Db> for App {
///     fn provide(&self) -> &Db { &self.db }
/// }
/// impl Provides<Mailer> for App {
///     fn provide(&self) -> &Mailer { &self.mailer }
/// }
/// # let app = App { db: Db, mailer: Mailer };
/// # let _: (&Db, &Mailer) = (app.provide(), app.provide());
/// ```
#[diagnostic::on_unimplemented(
    message = "the server state `{Self}` does not provide `{T}` to tools",
    label = "a tool here takes `#[state] &{T}`",
    note = "implement `toolshape::tool::Provides<{T}>` for `{Self}`, or serve the tool with `{T}` as the state"
)]
pub trait Provides<T: ?Sized> {
    /// The part of the state a tool asked for.
    fn provide(&self) -> &T;
}

impl<T: ?Sized> Provides<T> for T {
    fn provide(&self) -> &T {
        self
    }
}

/// A state shared with something else (an rmcp handler given to `Server::with_handler`, a
/// background task) is an `Arc<T>`; its tools still take `#[state] x: &T`.
impl<T: ?Sized> Provides<T> for std::sync::Arc<T> {
    fn provide(&self) -> &T {
        self
    }
}
