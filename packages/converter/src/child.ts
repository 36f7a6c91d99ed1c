// Conversion child process: receives one job over IPC, converts, answers with the result or the error message.
// Running each conversion in its own process lets the parent enforce time and memory limits and survive crashes.
import { type OcrJob, ocrDocument } from './ocr.ts';
import { killRunningCommands } from './office.ts';
import { type ConvertJob, convert } from './pipeline.ts';

// The worker is gone (killed, crashed): nobody will read the result, so stop at once with LibreOffice, which runs in a
// process group of its own and would otherwise outlive us.
process.once('disconnect', () => {
  killRunningCommands();
  process.exit(1);
});

/** Sends a notice to the parent and waits until it is handed over. */
const notify = (msg: unknown) => new Promise<void>((resolve) => process.send?.(msg, () => resolve()));

process.once('message', async (job: ConvertJob | OcrJob) => {
  try {
    const result =
      (job as OcrJob).kind === 'ocr'
        ? await ocrDocument(job as OcrJob, (ocr) => notify({ ocr }))
        : // Tell the parent of each page at once so it can publish the page while the rest render.
          await convert(job as ConvertJob, (page, files) => notify({ page, files }));
    process.send?.({ ok: true, result }, () => process.exit(0));
  } catch (e) {
    process.send?.({ ok: false, error: e instanceof Error ? e.message : String(e) }, () => process.exit(0));
  }
});
