// The transcode decisions' test lives beside them (worker/transcode.decisions.test.ts);
// the server project only collects tests/**, so it runs from here.
import '../worker/transcode.decisions.test.ts'
