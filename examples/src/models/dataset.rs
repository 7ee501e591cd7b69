//! The dataset: houses from a seeded generator (SplitMix64, so it is the same on every
//! machine), their features and prices.

use super::*;

/// SplitMix64: a tiny, fully specified generator, so the dataset is the same on every
/// machine and with every crate version.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn uniform(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.unit()
    }

    /// Standard normal, by Box–Muller.
    fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.unit();
        let u2 = self.unit();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }
}

/// The generated houses: feature rows (in [`FEATURE_NAMES`] order) and prices.
#[derive(Debug, Clone)]
pub struct Dataset {
    /// One row of features per house.
    pub rows: Vec<[f64; 5]>,
    /// Each house's price in thousand EUR.
    pub prices: Vec<f64>,
}

impl Dataset {
    /// The [`ROWS`] houses of [`SEED`].
    pub fn generate() -> Self {
        let mut rng = SplitMix64(SEED);
        let mut rows = Vec::with_capacity(ROWS);
        let mut prices = Vec::with_capacity(ROWS);
        for _ in 0..ROWS {
            let area = rng.uniform(40.0, 220.0).round();
            let bedrooms = (area / 45.0 + 0.7 * rng.normal()).round().clamp(1.0, 6.0);
            let age = rng.uniform(0.0, 80.0).round();
            let distance = (rng.uniform(0.5, 30.0) * 10.0).round() / 10.0;
            let school = (rng.uniform(1.0, 11.0).floor()).min(10.0);
            let row = [area, bedrooms, age, distance, school];
            let price = TRUE_INTERCEPT
                + row
                    .iter()
                    .zip(TRUE_COEFFICIENTS)
                    .map(|(x, b)| x * b)
                    .sum::<f64>()
                + NOISE_SD * rng.normal();
            rows.push(row);
            prices.push(price);
        }
        Dataset { rows, prices }
    }
}
