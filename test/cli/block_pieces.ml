(* The .npy block modes stream a piece of blocks at a time: their files
   must be those of quantizing the whole array in memory, whatever the
   pieces. Block_npy runs with pieces of a few blocks, over every scheme,
   the four source dtypes, shapes whose rows span pieces and pieces that
   span rows, and, for NVFP4's tensor scale (the whole array's), pieces
   of zeros, of values whose scale rounds to 0, and of NaN. Then
   dequantize, piece by piece, must give Block.dequantize's values.

   Usage: block_pieces.exe *)

open Nx_array
open Nx_cli

let passed = ref 0
let failed = ref 0

let check what ok =
  if ok then incr passed
  else begin
    incr failed;
    Printf.printf "block_pieces: %s\n" what
  end

let read file = In_channel.with_open_bin file In_channel.input_all

let npy_bytes a = Npy.to_string a

let values (type s) (dt : (float, s) Dtype.t) dims kind =
  let n = Array.fold_left ( * ) 1 dims in
  let x i =
    match kind with
    | `Random -> Float.of_int ((i * 7919) mod 2003 - 1001) *. Float.ldexp 1. ((i mod 37) - 20)
    | `Zeros_then -> if i < n / 2 then 0. else Float.of_int (i mod 13) *. 0.25
    | `Tiny_then -> if i < n / 2 then 1e-44 else Float.of_int (i mod 5) *. 3e-3
    | `Nan_piece -> if i < 64 then Float.nan else Float.of_int (i mod 9)
  in
  cast dt (of_array Dtype.Float64 dims (Array.init n x))

let schemes = Block.schemes

let () =
  let dir = Filename.temp_dir "block_pieces" "" in
  let file f = Filename.concat dir f in
  let run (type s) (dt : (float, s) Dtype.t) dims kind =
    let a = values dt dims kind in
    let input = file "in.npy" in
    Out_channel.with_open_bin input (fun oc -> output_string oc (npy_bytes a));
    List.iter
      (fun scheme ->
        let f = Block.facts scheme in
        if dims.(Array.length dims - 1) mod f.block_size = 0 then
          List.iter
            (fun piece_values ->
              let what =
                Printf.sprintf "%s %s %s pieces of %d" (Block.scheme_name scheme)
                  (Dtype.name dt)
                  (String.concat "x" (List.map string_of_int (Array.to_list dims)))
                  piece_values
              in
              match Block.quantize scheme a with
              | exception Invalid_argument _ ->
                  (* The values this scheme refuses (ggml_nvfp4's NaN):
                     refused streamed too. *)
                  check (what ^ ": refused whole, accepted streamed")
                    (match Block_npy.quantize ~piece_values scheme input (file "q") with
                     | () -> false
                     | exception Cli_error.Failed _ -> true)
              | q ->
                  Block_npy.quantize ~piece_values scheme input (file "q");
                  (match Block.scales q with
                   | None ->
                       check (what ^ ": blocks")
                         (read (file "q.blocks.npy") = npy_bytes (Block.elements q))
                   | Some s ->
                       check (what ^ ": elements")
                         (read (file "q.elements.npy") = npy_bytes (Block.elements q));
                       check (what ^ ": scales") (read (file "q.scales.npy") = npy_bytes s);
                       if scheme = Block.Nvfp4 then
                         check (what ^ ": tensor scale")
                           (read (file "q.tensor_scale.npy")
                           = npy_bytes (of_array Dtype.Float32 [||] [| Block.tensor_scale q |])));
                  Block_npy.dequantize ~piece_values scheme dt (file "q") (file "d.npy");
                  check (what ^ ": dequantized")
                    (read (file "d.npy") = npy_bytes (Block.dequantize dt q));
                  List.iter
                    (fun s -> try Sys.remove (file ("q" ^ s)) with Sys_error _ -> ())
                    [ ".blocks.npy"; ".elements.npy"; ".scales.npy"; ".tensor_scale.npy" ])
            [ 64; 100; 1000; 1 lsl 20 ])
      schemes
  in
  List.iter
    (fun (dims, kind) ->
      run Dtype.Float32 dims kind;
      run Dtype.Float64 dims kind;
      run Dtype.Float16 dims kind;
      run Dtype.Bfloat16 dims kind)
    [ ([| 4096 |], `Random); ([| 3; 192 |], `Random); ([| 2; 3; 320 |], `Random);
      ([| 0; 64 |], `Random); ([| 5; 0 |], `Random); ([| 64; 64 |], `Zeros_then);
      ([| 64; 64 |], `Tiny_then); ([| 16; 128 |], `Nan_piece) ];
  (try Sys.rmdir dir with Sys_error _ -> ());
  Printf.printf "block_pieces: %d passed, %d failed\n" !passed !failed;
  exit (if !failed = 0 then 0 else 1)
