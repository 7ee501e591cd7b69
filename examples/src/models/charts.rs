//! The PNG charts the tools attach, drawn without text (so no font library is needed).

use crate::png::{ChartError, draw_png};
use plotters::prelude::*;

use super::*;

/// A blue line through `(xs, ys)` over grey `dots`, with black axes.
///
/// # Errors
/// When plotters cannot draw or the image cannot be encoded.
pub fn line_chart(
    xs: &[f64],
    ys: &[f64],
    dots: &[(f64, f64)],
    size: (u32, u32),
) -> Result<Vec<u8>, ChartError> {
    let (x_lo, x_hi) = (xs[0], xs[xs.len() - 1]);
    let all_y = || ys.iter().copied().chain(dots.iter().map(|d| d.1));
    let y_lo = all_y().fold(f64::INFINITY, f64::min);
    let y_hi = all_y().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((y_hi - y_lo) * 0.08).max(1.0);
    let (y_lo, y_hi) = (y_lo - pad, y_hi + pad);
    draw_png(size, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(24)
            .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(x_lo, y_hi), (x_lo, y_lo), (x_hi, y_lo)],
                BLACK.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        let grey = RGBColor(190, 190, 190);
        chart
            .draw_series(dots.iter().map(|&d| Circle::new(d, 2, grey.filled())))
            .map_err(|e| e.to_string())?;
        let points = xs.iter().copied().zip(ys.iter().copied());
        chart
            .draw_series(LineSeries::new(points.clone(), BLUE.stroke_width(3)))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(points.map(|p| Circle::new(p, 3, BLUE.filled())))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

/// Blue bars of `heights`, left to right, on a black base line.
///
/// # Errors
/// When plotters cannot draw or the image cannot be encoded.
pub fn bar_chart(heights: &[f64], size: (u32, u32)) -> Result<Vec<u8>, ChartError> {
    let n = heights.len() as f64;
    let top = heights.iter().copied().fold(0.0, f64::max).max(1e-9) * 1.1;
    draw_png(size, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(24)
            .build_cartesian_2d(0.0..n, 0.0..top)
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(heights.iter().enumerate().map(|(i, &h)| {
                let i = i as f64;
                Rectangle::new([(i + 0.15, 0.0), (i + 0.85, h)], BLUE.filled())
            }))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, top), (0.0, 0.0), (n, 0.0)],
                BLACK.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

/// Bars of signed `values` from a black zero line: [`RAISES`] up, [`LOWERS`] down.
///
/// # Errors
/// When plotters cannot draw or the image cannot be encoded.
pub fn contribution_chart(values: &[f64], size: (u32, u32)) -> Result<Vec<u8>, ChartError> {
    let n = values.len() as f64;
    let high = values.iter().copied().fold(0.0, f64::max);
    let low = values.iter().copied().fold(0.0, f64::min);
    let pad = ((high - low) * 0.08).max(1e-9);
    let [r, g, b] = RAISES;
    let raises = RGBColor(r, g, b);
    let [r, g, b] = LOWERS;
    let lowers = RGBColor(r, g, b);
    draw_png(size, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(24)
            .build_cartesian_2d(0.0..n, (low - pad)..(high + pad))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(values.iter().enumerate().map(|(i, &v)| {
                let i = i as f64;
                let colour = if v >= 0.0 { raises } else { lowers };
                Rectangle::new([(i + 0.15, 0.0), (i + 0.85, v)], colour.filled())
            }))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, 0.0), (n, 0.0)],
                BLACK.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}
