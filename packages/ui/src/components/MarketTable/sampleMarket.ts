import type { MarketCoin } from './MarketTable';

// Deterministic sample data for stories: fifty coins, their prices and all-time highs derived from
// their rank, pictures drawn as local `data:` URIs (no request leaves the story).
const names: [string, string][] = [
  ['Bitcoin', 'btc'],
  ['Ethereum', 'eth'],
  ['Tether', 'usdt'],
  ['BNB', 'bnb'],
  ['Solana', 'sol'],
  ['USDC', 'usdc'],
  ['XRP', 'xrp'],
  ['Dogecoin', 'doge'],
  ['Toncoin', 'ton'],
  ['Cardano', 'ada'],
  ['Avalanche', 'avax'],
  ['Shiba Inu', 'shib'],
  ['TRON', 'trx'],
  ['Polkadot', 'dot'],
  ['Chainlink', 'link'],
  ['Bitcoin Cash', 'bch'],
  ['NEAR Protocol', 'near'],
  ['Polygon', 'matic'],
  ['Litecoin', 'ltc'],
  ['Internet Computer', 'icp'],
  ['Uniswap', 'uni'],
  ['Dai', 'dai'],
  ['Ethereum Classic', 'etc'],
  ['Aptos', 'apt'],
  ['Stellar', 'xlm'],
  ['Cosmos Hub', 'atom'],
  ['Filecoin', 'fil'],
  ['Cronos', 'cro'],
  ['Hedera', 'hbar'],
  ['Arbitrum', 'arb'],
  ['Mantle', 'mnt'],
  ['VeChain', 'vet'],
  ['Render', 'rndr'],
  ['Optimism', 'op'],
  ['Immutable', 'imx'],
  ['Kaspa', 'kas'],
  ['Injective', 'inj'],
  ['Stacks', 'stx'],
  ['The Graph', 'grt'],
  ['Maker', 'mkr'],
  ['Algorand', 'algo'],
  ['Monero', 'xmr'],
  ['Fantom', 'ftm'],
  ['Theta Network', 'theta'],
  ['Aave', 'aave'],
  ['Sui', 'sui'],
  ['Flow', 'flow'],
  ['MultiversX', 'egld'],
  ['Tezos', 'xtz'],
  ['EOS', 'eos'],
];

const palette = ['#f7931a', '#627eea', '#26a17b', '#f3ba2f', '#14f195', '#2775ca', '#23292f', '#c2a633'];

/** A round picture with the coin's first letter: a stand-in for its logo. */
export function coinPicture(symbol: string, index: number, size = 64): string {
  const fill = palette[index % palette.length] ?? '#627eea';
  const letter = symbol.slice(0, 1).toUpperCase();
  const half = size / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><circle cx="${half}" cy="${half}" r="${half}" fill="${fill}"/><text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size * 0.5}" fill="#ffffff">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const knownPrices = [
  67234.12, 3501.88, 1.0002, 598.4, 171.03, 0.9998, 0.5234, 0.1623, 7.21, 0.4589, 35.42, 0.00002345,
];

/** Fifty coins by rank, the same on every run. */
export const sampleCoins: MarketCoin[] = names.map(([name, symbol], index) => {
  const rank = index + 1;
  // The first dozen at plausible prices; further down, prices fall with rank.
  const price = knownPrices[index] ?? Number((40000 / rank ** 2.4).toPrecision(6));
  const ath = Number((price * (1.2 + (rank % 7) * 0.35)).toPrecision(6));
  const month = String((rank % 12) + 1).padStart(2, '0');
  const day = String((rank % 27) + 1).padStart(2, '0');
  return {
    id: symbol,
    rank,
    name,
    symbol,
    image: coinPicture(symbol, index),
    price,
    ath,
    athDate: `${2021 + (rank % 4)}-${month}-${day}T14:24:11.849Z`,
  };
});
