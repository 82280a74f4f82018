//! The GPU counter's facade: the split of a board into chunks of partial boards, one GPU
//! invocation each (the unique count is Burnside's, as for the workers: `Counter.burnside`).
//! The page runs the kernel (crate/src/count/gpu/kernel.wgsl, which webpack carries as text
//! in the GPU's own chunk, loaded on demand) with WebGPU (www/count/gpu-count.js).

use super::js_error;
use crate::count::gpu;
use wasm_bindgen::prelude::*;

/// The GPU's split of an `n`×`n` board: `new GpuSplit(n)`, then `boards(i)` for each chunk
/// `i` below `chunks`.
#[wasm_bindgen]
pub struct GpuSplit {
    n: u32,
    chunks: u32,
}

#[wasm_bindgen]
impl GpuSplit {
    /// The split of an `n`×`n` board; throws for a size outside 1 to 32.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<GpuSplit, JsError> {
        let chunks = gpu::chunk_count(n).map_err(js_error)? as u32;
        Ok(GpuSplit { n, chunks })
    }

    /// How many chunks the count goes through.
    #[wasm_bindgen(getter)]
    pub fn chunks(&self) -> u32 {
        self.chunks
    }

    /// The rows every partial board presets.
    #[wasm_bindgen(getter, js_name = presetRows)]
    pub fn preset_rows(&self) -> u32 {
        gpu::preset_rows(self.n)
    }

    /// Chunk `index`'s partial boards as the kernel reads them: `ld, col, rd, weight` for
    /// each, one after the other (a `Uint32Array`); throws past the last chunk.
    pub fn boards(&self, index: u32) -> Result<Vec<u32>, JsError> {
        let boards = gpu::chunk_boards(self.n, index as usize)
            .map_err(js_error)?
            .ok_or_else(|| {
                JsError::new(&format!(
                    "This split has {} chunks; there is no chunk {index}.",
                    self.chunks
                ))
            })?;
        Ok(boards
            .iter()
            .flat_map(|b| [b.ld, b.col, b.rd, b.weight])
            .collect())
    }
}
