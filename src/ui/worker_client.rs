//! The UI's side of the export/import worker (`docshape-worker`, see `crate::offload`): started
//! the first time a dialog asks for something, it then stays up. Requests wait in a queue until
//! the worker says it is ready; each answer resolves the promise its request awaits. If the
//! worker cannot load, stops, or leaves a request unanswered for a minute, every waiting request
//! gets the error and the next request starts a fresh worker.

use crate::dump::preview::DumpPreview;
use crate::export::ExportTarget;
use crate::i18n::{Lang, Msg};
use crate::model::Model;
use crate::offload::compare::ComparePreview;
use crate::offload::protocol::{DroppedFile, ImportPreview, Job, Outcome, Request, Response, READY};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// How long a request may wait for its answer, start-up included (fetching ~440 KiB on a slow
/// link and the largest export take a few seconds): past it the worker is taken as hung, is
/// stopped, and the dialog says so instead of showing "Preparing…" for ever.
const ANSWER_LIMIT_MS: u32 = 60_000;

struct Client {
    worker: web_sys::Worker,
    ready: bool,
    /// Requests written before the worker was ready.
    queue: Vec<String>,
    /// The resolve function of each request's promise, by id.
    waiting: HashMap<u32, js_sys::Function>,
    /// Answers received, until their request's future takes them.
    answers: HashMap<u32, Outcome>,
}

/// What hears a request's progress (0 to 1), and when it last heard (ms since the epoch).
type Listener = (Box<dyn Fn(f64)>, f64);

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
    static NEXT_ID: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
    /// What hears a long job's progress, by request id, and when it last heard (ms since
    /// the epoch): a job that keeps reporting is not taken as hung.
    static PROGRESS: RefCell<HashMap<u32, Listener>> = RefCell::new(HashMap::new());
}

/// Why a request gave nothing.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The job's own answer (for example "no document could be read"), in the request's language.
    Job(String),
    /// The worker could not load, crashed or answered nonsense: the technical detail.
    Worker(String),
}

impl Failure {
    /// The sentence to show.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Failure::Job(message) => message.clone(),
            Failure::Worker(detail) => Msg::WorkerFailed.fill(lang, &[detail]),
        }
    }
}

/// The text of one export of `model`.
/// `share_base` (the page's address) puts the model's share link in the review report.
pub async fn export(
    kind: ExportTarget,
    model: &Model,
    lang: Lang,
    share_base: Option<String>,
) -> Result<String, Failure> {
    text(ask(Job::Export { kind, share_base }, model, lang).await?)
}

/// The share link fragment (`#m=...`) of `model`.
pub async fn share_link(model: &Model, lang: Lang) -> Result<String, Failure> {
    text(ask(Job::ShareLink {}, model, lang).await?)
}

/// The diagram as SVG: light or dark, every entity or only the given ids.
pub async fn svg(model: &Model, dark: bool, only: Option<Vec<String>>, lang: Lang) -> Result<String, Failure> {
    text(ask(Job::Svg { dark, only }, model, lang).await?)
}

/// The preview of importing `text` as a collection named `name` into `model`.
pub async fn import(
    text: String,
    name: String,
    source: String,
    model: &Model,
    lang: Lang,
) -> Result<ImportPreview, Failure> {
    match ask(Job::Import { text, name, source }, model, lang).await? {
        Outcome::Preview(preview) => Ok(*preview),
        Outcome::Error(message) => Err(Failure::Job(message)),
        _ => Err(Failure::Worker("another answer to an import".into())),
    }
}

/// The preview of a dropped dump's `files` (a folder's files or one archive) joining `model`.
/// `progress` hears how far the worker is (0 to 1) while it reads.
pub async fn import_dump(
    files: Vec<DroppedFile>,
    model: &Model,
    lang: Lang,
    progress: impl Fn(f64) + 'static,
) -> Result<DumpPreview, Failure> {
    match ask_reporting(Job::ImportDump { files, sample: None }, model, lang, Some(Box::new(progress))).await? {
        Outcome::Dump(preview) => Ok(*preview),
        Outcome::Error(message) => Err(Failure::Job(message)),
        _ => Err(Failure::Worker("another answer to a dump".into())),
    }
}

/// The compare view of `current` against `base` (the diff runs in the worker).
pub async fn compare(base: &Model, current: &Model, lang: Lang) -> Result<ComparePreview, Failure> {
    match ask(Job::Diff { base: base.to_json() }, current, lang).await? {
        Outcome::Compare(preview) => Ok(*preview),
        Outcome::Error(message) => Err(Failure::Job(message)),
        _ => Err(Failure::Worker("another answer to a comparison".into())),
    }
}

fn text(outcome: Outcome) -> Result<String, Failure> {
    match outcome {
        Outcome::Text(text) => Ok(text),
        Outcome::Error(message) => Err(Failure::Job(message)),
        _ => Err(Failure::Worker("another answer to an export".into())),
    }
}

/// Sends one job and waits for its answer, or for the worker's failure (`Err`).
async fn ask(job: Job, model: &Model, lang: Lang) -> Result<Outcome, Failure> {
    ask_reporting(job, model, lang, None).await
}

/// [`ask`], with `progress` hearing the job's progress messages until its answer.
async fn ask_reporting(
    job: Job,
    model: &Model,
    lang: Lang,
    progress: Option<Box<dyn Fn(f64)>>,
) -> Result<Outcome, Failure> {
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id.wrapping_add(1).max(1));
        id
    });
    let request =
        Request { id, lang: lang.code().to_string(), model: model.to_json(), job, texts: super::texts::raw(lang) };
    let message = serde_json::to_string(&request).unwrap_or_default();
    let mut started: Result<(), String> = Ok(());
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        started = CLIENT.with(|cell| {
            let mut slot = cell.borrow_mut();
            if slot.is_none() {
                *slot = Some(start()?);
            }
            let Some(client) = slot.as_mut() else { return Err("no worker".to_string()) };
            client.waiting.insert(id, resolve);
            if client.ready {
                client.worker.post_message(&JsValue::from_str(&message)).map_err(describe)?;
            } else {
                client.queue.push(message.clone());
            }
            Ok(())
        });
    });
    if let Err(detail) = started {
        CLIENT.with(|cell| cell.borrow_mut().as_mut().map(|c| c.waiting.remove(&id)));
        return Err(Failure::Worker(detail));
    }
    if let Some(progress) = progress {
        PROGRESS.with(|p| p.borrow_mut().insert(id, (progress, js_sys::Date::now())));
    }
    watch(id, ANSWER_LIMIT_MS);
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    PROGRESS.with(|p| p.borrow_mut().remove(&id));
    if let Some(outcome) = CLIENT.with(|cell| cell.borrow_mut().as_mut().and_then(|c| c.answers.remove(&id))) {
        return Ok(outcome);
    }
    let detail = FAILED.with(|f| f.borrow_mut().remove(&id));
    Err(Failure::Worker(detail.unwrap_or_else(|| "it stopped without answering".into())))
}

/// Takes the worker as hung if request `id` is still waiting after `after_ms` and has not
/// reported progress within the last [`ANSWER_LIMIT_MS`]; a job still reporting is watched again.
fn watch(id: u32, after_ms: u32) {
    gloo::timers::callback::Timeout::new(after_ms, move || {
        let waiting = CLIENT.with(|cell| cell.borrow().as_ref().is_some_and(|c| c.waiting.contains_key(&id)));
        if !waiting {
            return;
        }
        let heard = PROGRESS.with(|p| p.borrow().get(&id).map(|(_, at)| *at));
        let since = heard.map(|at| js_sys::Date::now() - at);
        match since {
            Some(ms) if ms < f64::from(ANSWER_LIMIT_MS) => watch(id, ANSWER_LIMIT_MS - ms as u32),
            _ => fail_all(format!("it did not answer within {} seconds", ANSWER_LIMIT_MS / 1000)),
        }
    })
    .forget();
}

/// Gives a progress message to what hears request `id`'s progress.
fn heard_progress(id: u32, share: f64) {
    PROGRESS.with(|p| {
        if let Some((hear, at)) = p.borrow_mut().get_mut(&id) {
            *at = js_sys::Date::now();
            hear(share);
        }
    });
}

thread_local! {
    /// Why the worker failed, for each request it left waiting (its client is gone).
    static FAILED: RefCell<HashMap<u32, String>> = RefCell::new(HashMap::new());
}

fn describe(e: JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())))
        .unwrap_or_else(|| "the worker could not be reached".into())
}

/// Starts the worker and wires its messages.
fn start() -> Result<Client, String> {
    let loader = super::page::worker_url();
    let worker = web_sys::Worker::new(&loader).map_err(describe)?;
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
        let data = event.data().as_string().unwrap_or_default();
        // A progress message is no answer: its request keeps waiting.
        if let Ok(Response { id, outcome: Outcome::Progress(share) }) = serde_json::from_str::<Response>(&data) {
            heard_progress(id, share);
            return;
        }
        let understood = CLIENT.with(|cell| {
            let mut slot = cell.borrow_mut();
            let Some(client) = slot.as_mut() else { return true };
            if data == READY {
                client.ready = true;
                for message in client.queue.drain(..) {
                    let _ = client.worker.post_message(&JsValue::from_str(&message));
                }
                return true;
            }
            // Id 0 answers a request the worker could not read.
            let Some(response) = serde_json::from_str::<Response>(&data).ok().filter(|r| r.id != 0) else {
                return false;
            };
            if let Some(resolve) = client.waiting.remove(&response.id) {
                client.answers.insert(response.id, response.outcome);
                let _ = resolve.call0(&JsValue::NULL);
            }
            true
        });
        if !understood {
            // Most likely a worker of another version (cached): replace it rather than wait forever.
            fail_all("it answered in a form this page does not read (an outdated cached copy?)".into());
        }
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        // A load failure or a crash (a panic aborts the module): nothing more will come.
        event.prevent_default();
        let detail = event
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| format!("{loader} did not load"));
        fail_all(detail);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // Kept for the page's life (a new pair only when a failed worker is replaced): the error
    // handler drops the client, and must not drop itself while it runs.
    on_message.forget();
    on_error.forget();
    Ok(Client { worker, ready: false, queue: Vec::new(), waiting: HashMap::new(), answers: HashMap::new() })
}

/// Stops the worker and gives every waiting request `detail`; the next request starts a new one.
fn fail_all(detail: String) {
    let Some(client) = CLIENT.with(|cell| cell.borrow_mut().take()) else { return };
    client.worker.terminate();
    for (id, resolve) in client.waiting {
        FAILED.with(|f| f.borrow_mut().insert(id, detail.clone()));
        let _ = resolve.call0(&JsValue::NULL);
    }
}
