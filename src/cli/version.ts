// Bundled into the built command, so its version is the one it was built from.
import packageJson from '../../package.json' with { type: 'json' };

/** The version `jampr --version` and `jampr info` print. */
export const JAMPR_VERSION: string = packageJson.version;
