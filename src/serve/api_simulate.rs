//! The Simulate page's API: a batch of games (`sow simulate`) run in the
//! background, its progress, its summary, and cancelling it. The batch is
//! played as shards (`sow simulate --shard`) whose summaries are added up
//! (`sow merge`), so that a cancel takes effect between two shards.

use std::sync::{
    atomic::{AtomicBool, AtomicU64, Ordering},
    Arc, Mutex, PoisonError,
};

use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    api_play,
    files::Folder,
    http::{bad, Refusal},
    variant,
};
use crate::{
    engine::Game,
    sim::{self, Batch, Shard, Summary},
};

/// Most games in one batch.
pub const MAX_GAMES: u64 = 100_000;

/// Games per shard, at most: a cancel waits for the shard being played.
const SHARD_GAMES: u64 = 32;

/// Batches kept to be asked about (the oldest finished one goes first).
const KEPT: usize = 8;

/// A batch to run.
#[derive(Debug, Deserialize)]
pub struct SimulateRequest {
    /// The variant (shipped, reading, or a file of the folder).
    pub variant: String,
    /// South's agent then North's (as on the Play page).
    pub agents: [String; 2],
    /// Games to play.
    pub games: u64,
    /// The batch seed.
    #[serde(default = "one")]
    pub seed: u64,
    /// Whether odd games exchange the agents' seats.
    #[serde(default)]
    pub swap: bool,
    /// The ply cap.
    #[serde(default = "cap")]
    pub max_plies: u32,
}

fn one() -> u64 {
    1
}

fn cap() -> u32 {
    1000
}

/// A batch running or run.
struct Job {
    id: u64,
    games: u64,
    played: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    outcome: Arc<Mutex<Option<Outcome>>>,
}

/// How a batch ended.
enum Outcome {
    Done(Box<Summary>),
    Cancelled,
    Failed(String),
}

/// The batches of this server.
#[derive(Default)]
pub struct Jobs {
    jobs: Mutex<Vec<Job>>,
    next: AtomicU64,
}

/// A request about one batch.
#[derive(Debug, Deserialize)]
pub struct JobRequest {
    /// Its number, as `start` gave it.
    pub job: u64,
}

impl Jobs {
    /// Starts a batch in the background; its number.
    ///
    /// # Errors
    /// A variant that does not load, agents or sizes beyond the limits, or
    /// another batch still running (409).
    pub fn start(&self, folder: &Folder, request: &SimulateRequest) -> Result<Value, Refusal> {
        let game = variant::game(folder, &request.variant).map_err(bad)?;
        let agents = [
            api_play::agent(&request.agents[0], &game)?,
            api_play::agent(&request.agents[1], &game)?,
        ];
        if !(1..=MAX_GAMES).contains(&request.games) {
            return Err(bad(format!("games: from 1 to {MAX_GAMES}")));
        }
        if !(1..=sim::MAX_PLY_CAP).contains(&request.max_plies) {
            return Err(bad(format!("ply cap: from 1 to {}", sim::MAX_PLY_CAP)));
        }
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        if jobs.iter().any(|job| !job.finished()) {
            return Err((
                409,
                "a batch is running: wait for it or cancel it first".into(),
            ));
        }
        if jobs.len() >= KEPT {
            jobs.remove(0);
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let job = Job {
            id,
            games: request.games,
            played: Arc::default(),
            cancel: Arc::default(),
            outcome: Arc::default(),
        };
        let batch = Batch {
            agents,
            seed: request.seed,
            games: request.games,
            swap: request.swap,
            max_plies: request.max_plies,
            shard: None,
        };
        let (played, cancel, outcome) = (
            Arc::clone(&job.played),
            Arc::clone(&job.cancel),
            Arc::clone(&job.outcome),
        );
        std::thread::spawn(move || {
            let ended = run(&game, &batch, &played, &cancel);
            *outcome.lock().unwrap_or_else(PoisonError::into_inner) = Some(ended);
        });
        jobs.push(job);
        Ok(json!({ "job": id, "games": request.games }))
    }

    /// How far a batch got, and its summary once it is done.
    ///
    /// # Errors
    /// No batch of that number (404).
    pub fn status(&self, request: &JobRequest) -> Result<Value, Refusal> {
        let jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let job = find(&jobs, request.job)?;
        let played = job.played.load(Ordering::Relaxed);
        let outcome = job.outcome.lock().unwrap_or_else(PoisonError::into_inner);
        let (state, summary, error) = match &*outcome {
            None => ("running", None, None),
            Some(Outcome::Done(summary)) => ("done", Some(summary.as_ref()), None),
            Some(Outcome::Cancelled) => ("cancelled", None, None),
            Some(Outcome::Failed(why)) => ("failed", None, Some(why.as_str())),
        };
        Ok(json!({
            "job": job.id,
            "games": job.games,
            "played": played,
            "state": state,
            "summary": summary,
            "error": error,
        }))
    }

    /// Asks a batch to stop (it stops after the shard it is playing).
    ///
    /// # Errors
    /// No batch of that number (404).
    pub fn cancel(&self, request: &JobRequest) -> Result<Value, Refusal> {
        let jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let job = find(&jobs, request.job)?;
        job.cancel.store(true, Ordering::Relaxed);
        Ok(json!({ "job": job.id, "cancelling": !job.finished() }))
    }
}

impl Job {
    fn finished(&self) -> bool {
        self.outcome
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}

fn find(jobs: &[Job], id: u64) -> Result<&Job, Refusal> {
    (jobs.iter().find(|job| job.id == id)).ok_or_else(|| {
        (
            404,
            format!("no batch numbered {id} (the server keeps the last {KEPT})"),
        )
    })
}

/// Plays `batch` shard by shard, counting its games in `played`, stopping
/// between shards once `cancel` is set; the shards' summaries added up.
fn run(game: &Game, batch: &Batch, played: &AtomicU64, cancel: &AtomicBool) -> Outcome {
    let count = batch.games.div_ceil(SHARD_GAMES);
    let pool = match rayon::ThreadPoolBuilder::new().build() {
        Ok(pool) => pool,
        Err(e) => return Outcome::Failed(format!("no threads to play on: {e}")),
    };
    let progress = |n: u64| {
        played.fetch_add(n, Ordering::Relaxed);
    };
    let mut parts = Vec::new();
    for index in 1..=count {
        if cancel.load(Ordering::Relaxed) {
            return Outcome::Cancelled;
        }
        let shard = Batch {
            shard: Some(Shard { index, count }),
            ..*batch
        };
        let tally = pool.install(|| sim::run(game, &shard, false, |_| Ok::<(), ()>(()), &progress));
        let summary = tally
            .ok()
            .and_then(|tally| Summary::of_game(game, &shard, &tally));
        match summary {
            Some(summary) => parts.push((format!("shard {index}/{count}"), summary)),
            None => return Outcome::Failed(format!("shard {index}/{count} holds no game")),
        }
    }
    match sim::merge(&parts) {
        Ok(summary) => Outcome::Done(Box::new(summary)),
        Err(e) => Outcome::Failed(e.to_string()),
    }
}
