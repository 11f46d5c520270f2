// A local EVM node for tests, e2e and the bench (`hardhat node --config` this file). Nothing is
// compiled by Hardhat: test contracts are compiled with the solc package (evm-node.ts).
const os = require('node:os');
const path = require('node:path');

module.exports = {
  networks: { hardhat: { chainId: 31337, mining: { auto: true }, loggingEnabled: false } },
  paths: { cache: path.join(os.tmpdir(), 'vaultline-hardhat-cache'), artifacts: path.join(os.tmpdir(), 'vaultline-hardhat-artifacts') },
};
