// How the client scripts of this directory end, as NodeScripts reads them: one line "RESULT <json>" and exit 0, or
// "FAILED: <why>" on stderr and exit 1, or exit 2 when the run is not over after a deadline, whatever the server does.

/** Prints why the run failed and exits 1. */
export function fail(why) {
  console.error(`FAILED: ${why instanceof Error ? why.stack : why}`);
  process.exit(1);
}

/** Runs main(), prints its result (JSON) or why it failed, and exits; exits 2 if it is not over after deadlineMs. */
export function report(main, deadlineMs) {
  const deadline = setTimeout(() => {
    console.error(`FAILED: no result after ${deadlineMs} ms`);
    process.exit(2);
  }, deadlineMs);
  main().then(result => {
    clearTimeout(deadline);
    console.log(`RESULT ${JSON.stringify(result)}`);
    process.exit(0);
  }, fail);
}
