/** How every `jampr` command tells a warning: on stderr, one line, after the program's name. */
export const printWarning = (message: string) => process.stderr.write(`jampr: warning: ${message}\n`);
