import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Random;

import game.Game;
import main.Status;
import org.json.JSONObject;
import other.context.Context;

/**
 * Ludii's own random playouts timed per processor second, for scripts/bench-vs-ludii.
 *
 * One JVM serves every game of a run. It reads one request a line on stdin, tab-separated:
 *
 *     LUD_PATH  RULESET ("-": the defaults)  OPTIONS ("Cat/Item;...", "-": none)  WARMUP_S  SECONDS  SEED
 *
 * compiles the game with the runner's own loading (LudiiRunner: the same ruleset and option
 * handling, which refuses an unknown one), plays uniformly random games with Ludii's
 * game.playout (exactly the runner's --bench loop: game i gets java.util.Random(SEED + i) and
 * the context's generator SplitMix64(SEED + i)) untimed until the playout thread has used
 * WARMUP_S processor seconds, so that the JIT has compiled the game's code, then for SECONDS seconds of wall-clock time (at least one
 * game) timed, and answers one JSON line on stdout: the games, the moves (Ludii's moves after
 * the start rules), the wall-clock seconds, the processor seconds of the whole JVM process
 * (every thread: the playout, the JIT compilers, the garbage collector) and of the playout
 * thread alone, and how many games ended by Ludii's turn or move limit.
 */
public final class LudiiBench
{
	public static void main(final String[] args) throws Exception
	{
		final com.sun.management.OperatingSystemMXBean os =
				(com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
		final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		final PrintStream out = System.out;
		final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		String line;
		while ((line = in.readLine()) != null)
		{
			if (line.isEmpty())
				continue;
			final String[] f = line.split("\t", -1);
			try
			{
				if (f.length != 6)
					throw new IllegalArgumentException("expected 6 tab-separated fields, got: " + line);
				out.println(measure(f, os, threads, out));
			}
			catch (final Exception e)
			{
				out.println("{\"error\":" + JSONObject.quote(e.toString()) + "}");
			}
			out.flush();
		}
	}

	/** Measures one request (its fields split) and returns the answer, a JSON object. */
	static String measure(final String[] f, final com.sun.management.OperatingSystemMXBean os,
			final ThreadMXBean threads, final PrintStream out) throws Exception
	{
		final double warmup = Double.parseDouble(f[3]);
		final double seconds = Double.parseDouble(f[4]);
		final long seed = Long.parseLong(f[5]);

		LudiiRunner.gamePath = f[0];
		LudiiRunner.rulesetArg = "-".equals(f[1]) ? null : f[1];
		LudiiRunner.optionArgs.clear();
		if (!"-".equals(f[2]))
			for (final String o : f[2].split(";"))
				if (!o.trim().isEmpty())
					LudiiRunner.optionArgs.add(o.trim());
		final String desc = LudiiRunner.loadDescription(f[0]);
		// Ludii prints diagnostics on stdout while compiling; stdout carries only the answers.
		System.setOut(System.err);
		final Game game = LudiiRunner.loadGame(desc, new ArrayList<String>());
		System.setOut(out);

		// Warm-up, untimed, until the playout thread has used WARMUP_S processor seconds
		// (the same work whatever the load): seeds far from the timed ones.
		long g = 0;
		final long warmEnd = threads.getCurrentThreadCpuTime() + (long) (warmup * 1e9);
		while (threads.getCurrentThreadCpuTime() < warmEnd)
			playOne(game, seed + 1_000_000_000L + g++);
		final long warmupGames = g;

		long games = 0, moves = 0, limited = 0;
		final long cpu0 = os.getProcessCpuTime();
		final long thread0 = threads.getCurrentThreadCpuTime();
		final long wall0 = System.nanoTime();
		final long wallEnd = wall0 + (long) (seconds * 1e9);
		do
		{
			final Context c = playOne(game, seed + games);
			games++;
			moves += c.trial().numMoves() - c.trial().numInitialPlacementMoves();
			final Status status = c.trial().status();
			if (status != null && status.endType() != null
					&& status.endType() != Status.EndType.NaturalEnd)
				limited++;
		}
		while (System.nanoTime() < wallEnd);
		final double wall = (System.nanoTime() - wall0) / 1e9;
		final double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
		final double threadCpu = (threads.getCurrentThreadCpuTime() - thread0) / 1e9;
		return String.format(java.util.Locale.ROOT,
				"{\"game\":%s,\"lud\":%s,\"warmup_games\":%d,\"games\":%d,\"moves\":%d,\"ended_by_limit\":%d,"
						+ "\"wall_seconds\":%.4f,\"cpu_seconds\":%.4f,\"thread_cpu_seconds\":%.4f}",
				JSONObject.quote(game.name()), JSONObject.quote(LudiiRunner.gamePath), warmupGames, games,
				moves, limited, wall, cpu, threadCpu);
	}

	/** One random game from the start, as the runner's --bench loop plays it. */
	static Context playOne(final Game game, final long seed)
	{
		final Context c = LudiiRunner.newContext(game, seed);
		game.start(c);
		game.playout(c, null, 1.0, null, 0, -1, new Random(seed));
		return c;
	}
}
