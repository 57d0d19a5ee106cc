//! Plots of a batch (`sow simulate --plot`): the distribution of game
//! length, of the final score difference, and the win rates with their 95%
//! intervals, side by side in one SVG (plotters' SVG backend, pure Rust).

use std::collections::BTreeMap;

use plotters::{
    prelude::*,
    style::text_anchor::{HPos, Pos, VPos},
};

use super::RenderError;
use crate::sim::{Summary, Tally};

/// Most bars a histogram gets; wider ranges are binned.
const MAX_BARS: i64 = 60;

const BAR: RGBColor = RGBColor(70, 110, 170);
const DRAW_BAR: RGBColor = RGBColor(150, 150, 150);

/// The three plots of a batch as one SVG document.
///
/// # Errors
/// Should drawing fail (it draws into a string, so it should not).
pub fn batch_plot(summary: &Summary, tally: &Tally) -> Result<String, RenderError> {
    let mut svg = String::new();
    draw(summary, tally, &mut svg).map_err(|e| RenderError::Plot(e.to_string()))?;
    Ok(svg)
}

type DrawResult = Result<(), Box<dyn std::error::Error>>;

fn draw(summary: &Summary, tally: &Tally, svg: &mut String) -> DrawResult {
    let root = SVGBackend::with_string(svg, (1260, 440)).into_drawing_area();
    root.fill(&WHITE)?;
    let title = format!(
        "{}: {} games, {} vs {} (seed {})",
        summary.variant, summary.games, summary.agents[0], summary.agents[1], summary.seed
    );
    let root = root.titled(&title, ("sans-serif", 22))?;
    let panels = root.split_evenly((1, 3));
    let lengths: BTreeMap<i64, u64> = tally
        .plies
        .pairs()
        .map(|(v, c)| (i64::from(v), c))
        .collect();
    histogram(&panels[0], "Game length", "plies", &lengths, tally.capped())?;
    let diffs: BTreeMap<i64, u64> = tally
        .score_diffs
        .iter()
        .map(|(&d, &c)| (i64::from(d), c))
        .collect();
    histogram(
        &panels[1],
        "Final score difference",
        "south - north",
        &diffs,
        0,
    )?;
    win_rates(&panels[2], summary)?;
    root.present()?;
    Ok(())
}

/// Bars of `counts` (value -> games), binned when the range is wide.
fn histogram<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    x_desc: &str,
    counts: &BTreeMap<i64, u64>,
    capped: u64,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let (Some(&lo), Some(&hi)) = (counts.keys().next(), counts.keys().next_back()) else {
        area.draw(&Text::new(
            format!("{caption}: no game"),
            (20, 40),
            ("sans-serif", 16),
        ))?;
        return Ok(());
    };
    let width = ((hi - lo + 1) + MAX_BARS - 1) / MAX_BARS;
    let mut bins: BTreeMap<i64, u64> = BTreeMap::new();
    for (&value, &count) in counts {
        *bins.entry(lo + (value - lo) / width * width).or_default() += count;
    }
    let top = bins.values().copied().max().unwrap_or(1);
    let caption = match (width, capped) {
        (1, 0) => caption.to_string(),
        (1, n) => format!("{caption} ({n} at the ply cap)"),
        (w, 0) => format!("{caption} (bins of {w})"),
        (w, n) => format!("{caption} (bins of {w}; {n} at the ply cap)"),
    };
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(lo..hi + width, 0u64..top + top / 10 + 1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(x_desc)
        .y_desc("games")
        .draw()?;
    chart.draw_series(bins.iter().map(|(&start, &count)| {
        Rectangle::new([(start, 0), (start + width, count)], BAR.filled())
    }))?;
    Ok(())
}

/// South's wins, North's wins and draws as fractions of all games, with
/// their 95% Wilson intervals as whiskers.
fn win_rates<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    summary: &Summary,
) -> DrawResult
where
    DB::ErrorType: 'static,
{
    let rates = [
        ("south wins", summary.win_rates.south, BAR),
        ("north wins", summary.win_rates.north, BAR),
        ("draws", summary.win_rates.draws, DRAW_BAR),
    ];
    let mut chart = ChartBuilder::on(area)
        .caption("Win rates (95% intervals)", ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d((0u32..2u32).into_segmented(), 0f64..1f64)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("share of games")
        .x_label_formatter(&|v: &SegmentValue<u32>| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => rates
                .get(*i as usize)
                .map_or_else(String::new, |r| r.0.to_string()),
            SegmentValue::Last => String::new(),
        })
        .draw()?;
    let coord = |i: u32| SegmentValue::CenterOf(i);
    for (i, (_, rate, colour)) in (0u32..).zip(rates) {
        let corners = [
            (SegmentValue::Exact(i), 0.0),
            (SegmentValue::Exact(i + 1), rate.rate),
        ];
        let bar = Rectangle::new(corners.clone(), colour.mix(0.85).filled());
        // A wide white edge keeps neighbouring bars apart.
        let gap = Rectangle::new(corners, WHITE.stroke_width(16));
        let [low, high] = rate.ci95;
        let whisker = PathElement::new(
            vec![(coord(i), low), (coord(i), high)],
            BLACK.stroke_width(2),
        );
        let label = Text::new(
            format!(
                "{:.1}% [{:.1}, {:.1}]",
                100.0 * rate.rate,
                100.0 * low,
                100.0 * high
            ),
            (coord(i), (high + 0.03).min(0.97)),
            TextStyle::from(("sans-serif", 14)).pos(Pos::new(HPos::Center, VPos::Bottom)),
        );
        chart.plotting_area().draw(&bar)?;
        chart.plotting_area().draw(&gap)?;
        chart.plotting_area().draw(&whisker)?;
        chart.plotting_area().draw(&label)?;
    }
    Ok(())
}
