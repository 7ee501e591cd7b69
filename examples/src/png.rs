//! Charts drawn with plotters on an RGB canvas and encoded as PNG: the one canvas both the
//! `charts` and `models` examples draw on (no text, so no font library is needed).

use plotters::backend::BitMapBackend;
use plotters::coord::Shift;
use plotters::drawing::{DrawingArea, IntoDrawingArea as _};
use plotters::style::WHITE;

/// What drawing or encoding a chart can fail with.
pub type ChartError = Box<dyn std::error::Error + Send + Sync>;

/// `f` draws on a white RGB canvas of `size`; the result is PNG-encoded.
pub(crate) fn draw_png(
    (width, height): (u32, u32),
    f: impl FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<Vec<u8>, ChartError> {
    let mut rgb = vec![0u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        f(&root)?;
        root.present().map_err(|e| e.to_string())?;
    }
    let image = image::RgbImage::from_raw(width, height, rgb)
        .ok_or("the pixel buffer does not match the chart size")?;
    let mut png = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)?;
    Ok(png)
}
