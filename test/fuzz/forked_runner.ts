// A child process that runs what a property hands it, so that a crash there fails the run
// (and fast-check shrinks towards it) instead of taking the test runner down: started on first
// use and again after a crash or a hang; each run answers one report.
import { fork, type ChildProcess } from 'node:child_process';

export interface ForkedRunnerOptions {
  script: string;
  execArgv?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Sent once after every start (the child answers {type: 'ready'}). */
  init?: Record<string, unknown>;
  /** A run that has not answered by then is a hang: the child is killed. */
  runTimeoutMs: number;
}

export class ForkedRunner<Report extends { type: string }> {
  #child: ChildProcess | null = null;
  #stderr = '';
  #nextId = 1;
  #exited: Promise<string> | null = null;
  #ready: Report | null = null;

  constructor(private readonly options: ForkedRunnerOptions) {}

  /** Starts the child if it is not running; the answer to its `init` (null without one). */
  async start(): Promise<Report | null> {
    await this.#start();
    return this.#ready;
  }

  async #start(): Promise<ChildProcess> {
    if (this.#child) return this.#child;
    const child = fork(this.options.script, [], {
      execArgv: this.options.execArgv ?? [],
      env: { ...process.env, ...this.options.env },
      cwd: this.options.cwd,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.#stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-4000);
    });
    this.#exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(`exited (code ${code}, signal ${signal})`)));
    this.#child = child;
    void this.#exited.then(() => {
      if (this.#child === child) this.#child = null;
    });
    this.#ready = null;
    if (this.options.init) this.#ready = await this.#exchange(child, { type: 'init', ...this.options.init }, 60_000, (a) => a.type === 'ready');
    return child;
  }

  /** Sends `message` with a fresh id; the child's report, or an Error saying how it died. */
  async run(message: Record<string, unknown>): Promise<Report> {
    const child = await this.#start();
    const id = this.#nextId++;
    return this.#exchange(child, { ...message, id }, this.options.runTimeoutMs, (a) => (a as { id?: number }).id === id);
  }

  #exchange(child: ChildProcess, message: Record<string, unknown>, timeoutMs: number, isAnswer: (answer: Report) => boolean): Promise<Report> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the child hung (no answer within ${timeoutMs} ms); stderr: ${this.#stderr}`));
      }, timeoutMs);
      const onMessage = (answer: Report) => {
        if (!isAnswer(answer)) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(answer);
      };
      child.on('message', onMessage);
      void this.#exited!.then((how) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        reject(new Error(`the child ${how} during the run; stderr: ${this.#stderr}`));
      });
      child.send(message);
    });
  }

  /** Asks for a report without a run id (the child answers {type: name}). */
  async ask(type: string, extra: Record<string, unknown> = {}): Promise<Report> {
    const child = await this.#start();
    return this.#exchange(child, { type, ...extra }, 30_000, (a) => a.type === type);
  }

  /** Restarts the child before the next run (after a failed run, so shrinking starts clean). */
  restart(): void {
    this.#child?.kill('SIGKILL');
    this.#child = null;
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = null;
    child.kill('SIGKILL');
    await this.#exited;
  }
}
