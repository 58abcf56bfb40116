// Placeholder entry: replaced by the app-core work (store, model worker, IPC, window).
export {};
