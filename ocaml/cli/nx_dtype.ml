(* nx-dtype: the dtypes of nx_array, from the command line. *)

let usage =
  {|Usage:
  nx-dtype                      the facts table of every dtype
  nx-dtype values DTYPE         every encoding of a format of at most 16 bits
  nx-dtype store DTYPE X...     each number stored into DTYPE
  nx-dtype convert --from DTYPE --to DTYPE [--rounding R] [--overflow O]
                   [--byte-order B] IN OUT
                                a file of elements converted; raw or .npy
  nx-dtype quantize --scheme S [--policy P] [--rounding R] [--tensor-scale X]
                   IN.npy OUT   values into blocks: OUT.elements.npy and
                                OUT.scales.npy (OUT.tensor_scale.npy for
                                nvfp4), or OUT.blocks.npy for ggml's
  nx-dtype dequantize --scheme S [--to DTYPE] OUT RESULT.npy
                                blocks back into values (default float32)

  R: nearest-even (default), nearest-away, toward-zero, toward-positive,
     toward-negative
  O: stores (default: the Stores rule), saturate, nan, wrap, raise
  B: little (default), big
  S: mxfp8_e4m3, mxfp8_e5m2, mxfp6_e2m3, mxfp6_e3m2, mxfp4, mxint8, nvfp4,
     ggml_q8_0, ggml_q4_0, ggml_mxfp4, ggml_nvfp4
  P: floor (default), ceil, even, rceil|}

let () =
  try
    match List.tl (Array.to_list Sys.argv) with
    | [] -> Facts_cmd.run ()
    | ("-h" | "-help" | "--help" | "help") :: _ -> print_endline usage
    | [ "values"; dt ] -> Values_cmd.run dt
    | "values" :: _ -> Cli_error.fail "values takes one DTYPE"
    | "store" :: dt :: xs -> Store_cmd.run dt xs
    | [ "store" ] -> Cli_error.fail "store takes a DTYPE and numbers"
    | "convert" :: args -> Convert_cmd.run args
    | "quantize" :: args -> Block_cmd.quantize args
    | "dequantize" :: args -> Block_cmd.dequantize args
    | cmd :: _ -> Cli_error.fail "unknown command %S" cmd
  with
  | Cli_error.Usage msg ->
      Printf.eprintf "nx-dtype: %s\nRun 'nx-dtype --help' for usage.\n" msg;
      exit 2
  | Sys_error msg ->
      Printf.eprintf "nx-dtype: %s\n" msg;
      exit 2
