(* nx-dtype: the dtypes of nx_array, from the command line. *)

open Nx_cli

let usage =
  {|Usage:
  nx-dtype                      the facts table of every dtype
  nx-dtype values DTYPE         every encoding of a format of at most 16 bits
  nx-dtype store DTYPE X...     each number stored into DTYPE, read exactly
                                (OCaml's float syntax: 1_000, 0x1.8p-3,
                                nan, inf) and rounded once, with the
                                exact errors rounded once to a double
  nx-dtype inspect [--stats] [--no-map] FILE...
                                the tensors of each .safetensors, .npy,
                                .npz or .gguf file (a split GGUF model
                                from any of its shards, its metadata
                                first), PyTorch checkpoint or checkpoint
                                directory: name, dtype, shape, bytes (from
                                the headers; a .npz member np.load cannot
                                read is listed, then an error); with
                                --stats their min, max, NaNs and
                                infinities, every byte read (and each .npz
                                member's CRC-32 checked); --no-map reads
                                each file into memory instead of mapping it
  nx-dtype convert [--from DTYPE] [--to DTYPE] [--only REGEX] [--rounding R]
                   [--overflow O] [--byte-order B] [--format F] [--compress]
                   [--no-map] [--plain-cast] [--max-shard-size SIZE]
                   [--meta KEY[:TYPE]=VALUE] [--split-max-size N]
                   [--split-max-tensors N] [--no-tensor-first-split] IN OUT
                                the tensors of IN into OUT, streamed; each
                                file .safetensors, .npy, .npz or raw (any
                                other name), or IN a .gguf file (its block
                                tensors dequantized) or a PyTorch checkpoint
                                (.bin, .pt, .pth, a sharded .bin model
                                directory or its index: read without
                                running pickle, shared tensors kept once,
                                as safetensors' convert.py keeps them,
                                and read back). --to converts the float
                                tensors (the array of a raw or .npy input,
                                whatever its kind); --only keeps the tensors
                                whose name matches REGEX (POSIX extended, as
                                grep -E); --from is the dtype of a raw
                                input, or names the dtype of .npy elements
                                saved as raw bytes ('<V2' for bfloat16);
                                --from NAME=DTYPE names one tensor's
                                (repeated: each raw .npz member its own);
                                --format names OUT's format (default: its
                                name's); --compress deflates the members of
                                a .npz; --no-map reads IN into memory (its
                                size) instead of mapping it, for network
                                filesystems. A float8 or float4 tensor
                                with a scale tensor (NAME_scale_inv,
                                NAME_scale, ...) or under config.json's
                                quantization_config is refused: its
                                values need its scales; --plain-cast
                                casts its stored elements alone. IN or OUT a checkpoint
                                directory (OUT ending in /, or --format
                                checkpoint): its shards and
                                index, read as one, written as
                                huggingface_hub lays them out, at most
                                --max-shard-size a shard (default 5GB), the
                                input directory's other files copied. OUT a
                                .gguf file: IN's tensors as they are stored
                                (IN safetensors, a checkpoint or GGUF, a
                                split GGUF model read from any shard), with
                                IN's GGUF metadata and --meta's (TYPE u8 ...
                                i64, f32, f64, bool or str, the default),
                                split as gguf-py splits a model into
                                OUT-00001-of-0000N.gguf ... by
                                --split-max-size (bytes, or 500M, 2G:
                                decimal) and --split-max-tensors (the
                                first shard of metadata alone with
                                --no-tensor-first-split)
  nx-dtype quantize --scheme S [--policy P] [--rounding R] [--tensor-scale X]
                    [--from DTYPE] IN.npy OUT
                                values into blocks: OUT.elements.npy and
                                OUT.scales.npy (OUT.tensor_scale.npy for
                                nvfp4), or OUT.blocks.npy for ggml's; a
                                piece of rows at a time; --from names the
                                dtype of elements saved as raw bytes
  nx-dtype quantize --scheme mxfp4|nvfp4 [--only REGEX] [options as above]
                    IN.safetensors OUT.safetensors
                                float tensors T into gpt-oss's layout
                                (T_blocks, T_scales) for mxfp4 or
                                ModelOpt's (T, T_scale, T_scale_2) for
                                nvfp4: those --only matches, or else every
                                one of two or more dimensions whose last is
                                a multiple of the block; others copied
  nx-dtype quantize --type T [--pure] [--imatrix FILE] [--report] [--histogram]
                    IN OUT.gguf
                                a model's F32, F16 and BF16 tensors into
                                ggml's block types, the bytes llama.cpp's
                                llama-quantize writes; IN a GGUF model (a
                                split one from any shard), a .safetensors
                                file or a checkpoint directory (its shards
                                and index read as one; names kept), its
                                other tensors copied, its metadata with
                                general.file_type and
                                general.quantization_version set; T a
                                llama.cpp file type (Q4_K_M, Q5_K_S, Q6_K,
                                Q8_0, Q4_0, IQ4_XS, MXFP4_MOE, ...), whose
                                rules choose each tensor's type (norms and
                                1-D tensors kept; output, attn_v and
                                ffn_down given more bits in the _M mixes;
                                rows that are not whole blocks falling
                                back), or a ggml block type for every
                                tensor the rules quantize (--pure: a file
                                type's default type so); --imatrix reads
                                llama-imatrix's importance matrix (GGUF or
                                legacy .dat; an expert tensor's entry a
                                row of weights per expert); --report
                                prints, once OUT is written, error IN OUT's
                                report of it (--histogram: with every bin)
  nx-dtype dequantize --scheme S [--to DTYPE] OUT RESULT.npy
                                blocks back into values (default float32)
  nx-dtype dequantize [--to DTYPE] IN.safetensors OUT.safetensors
                                each gpt-oss pair and ModelOpt triple, found
                                by name, back into one tensor (default
                                float32); others copied
  nx-dtype dequantize [--to DTYPE] [--max-shard-size SIZE] MODEL_DIR OUT_DIR
                                a quantized model directory, by its
                                config.json's quantization_config (fp8,
                                compressed-tensors, modelopt, mxfp4), into
                                a float one (default float32): each weight
                                its exact values rounded once, scales and
                                activation scales dropped, other tensors
                                and files copied, config.json written last
                                without quantization_config
  nx-dtype error [--svg FILE] [--histogram] ORIGINAL QUANTIZED
                                how far each tensor of the GGUF file
                                QUANTIZED is from the float tensor of its
                                name in ORIGINAL (safetensors, a
                                checkpoint directory or GGUF): its type,
                                bits per weight, RMSE, maximum and
                                95th-percentile (nearest rank) absolute
                                error, and SQNR in dB (10 log10 of sum x^2
                                / sum (x-y)^2: inf for values reproduced
                                exactly), in float64; a total per type
                                when there are several, and of the whole;
                                then the histogram of |x-y|, the share of
                                errors in columns of ten of
                                quantize-stats' bins of 0.0002
                                (--histogram: every bin, as quantize-stats
                                --histogram prints them); --svg FILE draws
                                the SQNRs as a chart
  nx-dtype error --types T1,T2,... [--imatrix FILE] [--svg FILE] [--histogram]
                 ORIGINAL
                                the same for each float tensor of ORIGINAL
                                of two or more dimensions, quantized into
                                each type T as llama.cpp quantizes it (no
                                file written; with --imatrix, with its
                                weights as quantize --imatrix takes them):
                                a total per type

  R: nearest-even (default), nearest-away, toward-zero, toward-positive,
     toward-negative
  O: stores (default: the Stores rule), saturate, nan, wrap, raise
  B: the byte order of raw files and of .npy and .npz output:
     little (default), big
  F: safetensors, npy, npz, raw, checkpoint, gguf
  S: mxfp8_e4m3, mxfp8_e5m2, mxfp6_e2m3, mxfp6_e3m2, mxfp4, mxint8, nvfp4,
     ggml_q8_0, ggml_q4_0, ggml_mxfp4, ggml_nvfp4
  P: floor (default), ceil, even, rceil
  X: NVFP4's tensor scale, a number rounded once to float32 (nearest-even)|}

(* The usage of command [cmd]: its paragraphs of [usage] (those that
   start "nx-dtype CMD"), and the legend of the letters they use. *)
let command_usage cmd =
  let lines = String.split_on_char '\n' usage in
  let start = "  nx-dtype " ^ cmd ^ " " in
  let rec take keep acc = function
    | [] -> List.rev acc
    | l :: rest ->
        let head = String.starts_with ~prefix:"  nx-dtype" l in
        let keep = if head then String.starts_with ~prefix:start l else keep && l <> "" in
        take keep (if keep then l :: acc else acc) rest
  in
  let legend =
    let rec after = function [] -> [] | "" :: rest -> rest | _ :: rest -> after rest in
    after lines
  in
  let own = take false [] lines in
  let letters = String.concat "\n" own in
  let used l =
    match String.index_opt l ':' with
    | Some i when i > 2 && l.[0] = ' ' ->
        let k = String.trim (String.sub l 0 i) in
        List.exists
          (fun w -> w = k)
          (String.split_on_char ' '
             (String.map (fun c -> if c = '[' || c = ']' || c = '|' then ' ' else c) letters))
    | _ -> false
  in
  (* A legend entry goes on while its lines are indented further. *)
  let rec pick on acc = function
    | [] -> List.rev acc
    | l :: rest ->
        let cont = String.length l > 3 && String.sub l 0 3 = "   " && l.[3] = ' ' in
        let on = if cont then on else used l in
        pick on (if on then l :: acc else acc) rest
  in
  let legend = pick false [] legend in
  String.concat "\n" (("Usage:" :: own) @ if legend = [] then [] else "" :: legend)

let is_help a = a = "-h" || a = "--help" || a = "-help"

(* Descriptors 0, 1 and 2 are the standard ones, open: were one closed,
   the next file opened would take its number, and a message meant for
   the terminal would land in the output file. *)
let reserve_standard_descriptors () =
  let rec go () =
    match Unix.openfile "/dev/null" [ Unix.O_RDWR ] 0 with
    | fd when fd = Unix.stdin || fd = Unix.stdout || fd = Unix.stderr -> go ()
    | fd -> Unix.close fd
    | exception Unix.Unix_error _ -> ()
  in
  go ()

let () =
  reserve_standard_descriptors ();
  (* A mapped input truncated by another process: a message, exit 2 and
     no temporary file left, not a death by SIGBUS. *)
  Fault.watch ();
  (* A closed pipe is an error to report (EPIPE, exit 2), not a signal
     that kills a conversion: a reader of the progress line that goes
     away must not cost the output. *)
  Sys.set_signal Sys.sigpipe Sys.Signal_ignore;
  try
    (match List.tl (Array.to_list Sys.argv) with
    | [] -> Facts_cmd.run ()
    | ("-h" | "-help" | "--help" | "help") :: _ -> print_endline usage
    | (("values" | "store" | "inspect" | "convert" | "quantize" | "dequantize" | "error") as cmd)
      :: args
      when List.exists is_help args ->
        print_endline (command_usage cmd)
    | [ "values"; dt ] -> Values_cmd.run dt
    | "values" :: _ -> Cli_error.fail "values takes one DTYPE"
    | "store" :: dt :: xs -> Store_cmd.run dt xs
    | [ "store" ] -> Cli_error.fail "store takes a DTYPE and numbers"
    | "convert" :: args -> Convert_cmd.run args
    | "inspect" :: args -> Inspect_cmd.run args
    | "quantize" :: args when Quantize_cmd.wanted args -> Quantize_cmd.run args
    | "quantize" :: args -> Block_cmd.quantize args
    | "dequantize" :: args -> Block_cmd.dequantize args
    | "error" :: args -> Error_cmd.run args
    | cmd :: _ -> Cli_error.fail "unknown command %S" cmd);
    flush stdout
  with
  | Cli_error.Usage msg ->
      Printf.eprintf "nx-dtype: %s\nRun 'nx-dtype --help' for usage.\n" (Text.escaped msg);
      exit 2
  | Cli_error.Failed msg ->
      Printf.eprintf "nx-dtype: %s\n" (Text.escaped msg);
      exit 2
  | Sys_error msg when msg = Unix.error_message Unix.EPIPE ->
      (* The reader of the standard output went away (| head): quietly. *)
      Cli_error.discard stdout Unix.stdout;
      exit 2
  | Sys_error msg ->
      (* The commands name the files they read and write: what is left is
         the standard output (a full disk, say). *)
      Printf.eprintf "nx-dtype: standard output: %s\n" msg;
      Cli_error.discard stdout Unix.stdout;
      exit 2
  | e ->
      (* A bug: still a message and exit code 2, never an uncaught exception. *)
      Printf.eprintf "nx-dtype: internal error: %s\n" (Text.escaped (Printexc.to_string e));
      exit 2
