//! The native part of the Python package `sowing`: variant files loaded and
//! checked ([`check`]), games played move by move ([`play`], the one module
//! that uses the engine's API), and batches simulated ([`simulate`]).
//! The pure-Python part (`py/sowing/`) re-exports it and adds OpenSpiel.

mod check;
mod play;
mod simulate;

use pyo3::prelude::*;

/// The module `sowing._sowing`.
#[pymodule]
fn _sowing(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("VariantError", py.get_type::<check::VariantError>())?;
    m.add("IllegalMove", py.get_type::<play::IllegalMove>())?;
    m.add_class::<check::Diagnostic>()?;
    m.add_class::<check::Check>()?;
    m.add_class::<play::Game>()?;
    m.add_class::<play::State>()?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    m.add_function(wrap_pyfunction!(play::load, m)?)?;
    m.add_function(wrap_pyfunction!(play::shipped, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::games, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::merge, m)?)?;
    Ok(())
}
