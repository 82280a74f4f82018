//! `bitqueens count N --gpu`: the core's GPU split (`bitqueens::count::gpu`) counted by its
//! WGSL kernel through wgpu (Vulkan, Metal or DX12), chunk by chunk, the counts summed in 64
//! bits on this side. Built with the `gpu` feature (wgpu is large): without it, `--gpu` says
//! how to build it.
//!
//! Invariants:
//! - a wrong count is never printed: the total must give a whole number of symmetry classes
//!   (Burnside), or the command fails;
//! - no adapter, or a device that fails, is a sentence and exit status 1, never a count.

use bitqueens::count::gpu::PartialBoard;

/// What a GPU count found.
pub struct GpuCount {
    pub total: u64,
    pub unique: u64,
    pub adapter: String,
    pub preset_rows: u32,
    pub chunks: usize,
    pub partial_boards: usize,
}

/// The sum of a chunk's counts, each weighted by its partial board (see the kernel).
#[cfg_attr(not(feature = "gpu"), allow(dead_code))] // the device's, and the tests'
pub fn weighted_sum(boards: &[PartialBoard], counts: &[[u32; 2]]) -> u64 {
    boards
        .iter()
        .zip(counts)
        .map(|(board, &[lo, hi])| u64::from(board.weight) * ((u64::from(hi) << 32) | u64::from(lo)))
        .sum()
}

#[cfg(not(feature = "gpu"))]
pub fn count(_n: u32, _progress: impl FnMut(usize, usize)) -> Result<GpuCount, String> {
    Err("this bitqueens was built without the GPU counter: build it with cargo build --release -p bitqueens-cli --features gpu (it needs wgpu), or count without --gpu.".to_string())
}

#[cfg(feature = "gpu")]
pub use device::count;

#[cfg(feature = "gpu")]
mod device {
    use super::{weighted_sum, GpuCount};
    use bitqueens::count::burnside;
    use bitqueens::count::gpu;
    use wgpu::util::DeviceExt;

    /// Invocations in a workgroup: the kernel's @workgroup_size.
    const WORKGROUP: u32 = 64;
    /// The most workgroups in one dimension of a dispatch.
    const MOST_GROUPS: u32 = 65_535;
    /// Partial boards in one dispatch at most (their counts' binding stays aligned).
    const BATCH: usize = 1 << 20;
    /// Partial boards gathered from consecutive chunks before they go to the GPU, at least
    /// (a chunk at N = 22 holds up to 3.25 million alone).
    const GATHER: usize = 1 << 18;

    /// Counts every solution of the n×n board on the first GPU wgpu finds; `progress(done,
    /// of)` after each chunk.
    pub fn count(n: u32, mut progress: impl FnMut(usize, usize)) -> Result<GpuCount, String> {
        if n > gpu::LARGEST_N {
            return Err(format!(
                "the GPU counts boards up to {largest}×{largest}; got {n}. Count it without --gpu.",
                largest = gpu::LARGEST_N
            ));
        }
        let chunks = gpu::chunk_count(n).map_err(|e| e.to_string())?;
        let instance = wgpu::Instance::new(&wgpu::InstanceDescriptor {
            backends: wgpu::Backends::VULKAN | wgpu::Backends::METAL | wgpu::Backends::DX12,
            ..Default::default()
        });
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_fallback_adapter: false,
            compatible_surface: None,
        }))
        .map_err(|_| {
            "no GPU was found (Vulkan, Metal or DX12): install its driver (on Debian or Ubuntu, apt-get install mesa-vulkan-drivers gives a CPU one, lavapipe), or count without --gpu.".to_string()
        })?;
        let info = adapter.get_info();
        let name = format!("{} ({:?})", info.name, info.backend);
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("bitqueens"),
            required_features: wgpu::Features::empty(),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            memory_hints: wgpu::MemoryHints::Performance,
            trace: wgpu::Trace::Off,
        }))
        .map_err(|e| format!("the GPU {name} gave no device: {e}."))?;
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("bitqueens kernel"),
            source: wgpu::ShaderSource::Wgsl(gpu::KERNEL.into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("bitqueens count"),
            layout: None,
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let mut total = 0u64;
        let mut partial_boards = 0;
        // Chunks go to the GPU together, [`GATHER`] boards at least at a time: a chunk of a
        // small board holds a handful, and each dispatch and read back costs its own wait.
        let mut index = 0;
        while index < chunks {
            let first = index;
            let mut boards = Vec::new();
            while index < chunks && boards.len() < GATHER {
                boards.extend(
                    gpu::chunk_boards(n, index)
                        .map_err(|e| e.to_string())?
                        .unwrap_or_default(),
                );
                index += 1;
            }
            // A GPU error (out of memory, a driver's refusal) is a sentence, never a panic.
            device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
            device.push_error_scope(wgpu::ErrorFilter::Validation);
            let counted = counts_on(&device, &queue, &pipeline, n, &boards);
            let invalid = pollster::block_on(device.pop_error_scope());
            let out_of_memory = pollster::block_on(device.pop_error_scope());
            let failed = |e: String| {
                format!(
                    "the GPU {name} failed at chunks {} to {index} of {chunks}: {e}",
                    first + 1
                )
            };
            if let Some(error) = invalid.or(out_of_memory) {
                return Err(failed(error.to_string()));
            }
            let counts = counted.map_err(failed)?;
            total += weighted_sum(&boards, &counts);
            partial_boards += boards.len();
            progress(index, chunks);
        }
        let unique = burnside::unique(n, total).map_err(|e| {
            format!("the GPU {name} counted {total} solutions, which is not this board's total ({e}): nothing is printed.")
        })?;
        Ok(GpuCount {
            total,
            unique,
            adapter: name,
            preset_rows: gpu::preset_rows(n),
            chunks,
            partial_boards,
        })
    }

    /// Each partial board's count, as the kernel writes it (lo, hi).
    fn counts_on(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        pipeline: &wgpu::ComputePipeline,
        n: u32,
        boards: &[gpu::PartialBoard],
    ) -> Result<Vec<[u32; 2]>, String> {
        if boards.is_empty() {
            return Ok(Vec::new());
        }
        let words: Vec<u32> = boards
            .iter()
            .flat_map(|b| [b.ld, b.col, b.rd, b.weight])
            .collect();
        let input = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("partial boards"),
            contents: &le_bytes(&words),
            usage: wgpu::BufferUsages::STORAGE,
        });
        let bytes = (boards.len() * 8) as u64;
        let output = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("counts"),
            size: bytes,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let read_back = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("counts read back"),
            size: bytes,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        let mut params = Vec::new();
        for offset in (0..boards.len()).step_by(BATCH) {
            let batch = BATCH.min(boards.len() - offset) as u32;
            let groups = batch.div_ceil(WORKGROUP);
            let x = groups.min(MOST_GROUPS);
            let y = groups.div_ceil(x);
            let words = [n, batch, offset as u32, x * WORKGROUP];
            let uniform = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("params"),
                contents: &le_bytes(&words),
                usage: wgpu::BufferUsages::UNIFORM,
            });
            let bind = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: uniform.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: input.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 2,
                        resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                            buffer: &output,
                            offset: offset as u64 * 8,
                            size: std::num::NonZeroU64::new(u64::from(batch) * 8),
                        }),
                    },
                ],
            });
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(pipeline);
                pass.set_bind_group(0, &bind, &[]);
                pass.dispatch_workgroups(x, y, 1);
            }
            params.push(uniform);
        }
        encoder.copy_buffer_to_buffer(&output, 0, &read_back, 0, bytes);
        queue.submit([encoder.finish()]);
        let slice = read_back.slice(..);
        let (sent, mapped) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |result| {
            let _ = sent.send(result);
        });
        device
            .poll(wgpu::PollType::Wait)
            .map_err(|e| e.to_string())?;
        mapped
            .recv()
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
        let counts = {
            let data = slice.get_mapped_range();
            data.chunks_exact(8)
                .map(|pair| {
                    let word = |at: usize| {
                        u32::from_le_bytes(pair[at..at + 4].try_into().expect("4 bytes"))
                    };
                    [word(0), word(4)]
                })
                .collect()
        };
        read_back.unmap();
        Ok(counts)
    }

    /// `words` as the little-endian bytes the GPU reads.
    fn le_bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|word| word.to_le_bytes()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunks_sum_weighs_each_count_read_from_its_two_halves() {
        let board = |weight| PartialBoard {
            ld: 0,
            col: 1,
            rd: 0,
            weight,
        };
        let boards = [board(2), board(1), board(2)];
        let counts = [[5, 0], [7, 1], [1, 1 << 20]];
        let expected = 2 * 5 + ((1u64 << 32) + 7) + 2 * ((1u64 << 52) + 1);
        assert_eq!(weighted_sum(&boards, &counts), expected);
    }
}
