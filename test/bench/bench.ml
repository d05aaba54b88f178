(* nx_array's side of `make bench`: prints CSV rows `impl,case,n,seconds`.
   Sizes come from the arguments (default 1e3 to 1e8). *)

open Nx_array
module A1 = Bigarray.Array1
module G = Bigarray.Genarray

let time = Timing.time
let row = Timing.row

let sizes =
  match List.tl (Array.to_list Sys.argv) with
  | [] -> [ 1_000; 10_000; 100_000; 1_000_000; 10_000_000; 100_000_000 ]
  | l -> List.map (fun s -> int_of_float (float_of_string s)) l

(* Inputs: values of a spread of magnitudes, like weights. *)
let f64_input n =
  G.init Bigarray.float64 Bigarray.c_layout [| n |] (fun i ->
      let x = float ((i.(0) * 7919) mod 10007) /. 10007. in
      (x -. 0.5) *. 4.)

let i32_input n =
  G.init Bigarray.int32 Bigarray.c_layout [| n |] (fun i ->
      Int32.of_int (((i.(0) * 7919) mod 131071) - 65535))

(* Each library converts its own arrays, as numpy's astype does numpy's:
   the sources are nx_array arrays (whose storage, like numpy's, is offered
   huge pages from 4 MiB), and memcpy copies between two such buffers. *)
let bulk n =
  let f64 = f64_input n in
  let i32 = i32_input n in
  let f64n = of_bigarray Dtype.Float64 f64 and i32n = of_bigarray Dtype.Int32 i32 in
  let f32n = cast Dtype.Float32 f64n in
  let f32 = to_bigarray Bigarray.float32 f32n in
  let memcpy case a =
    let b = buffer a in
    let d = buffer (create Dtype.Uint8 [| A1.dim b |]) in
    row "memcpy" case n (time (fun () -> A1.blit b d))
  in
  let kernel case src dst = row "nx" case n (time (fun () -> cast_into src dst)) in
  let into (type s) case (dt : (float, s) Dtype.t) src =
    let a = create dt [| n |] in
    kernel case src a;
    memcpy case src;
    (* And back into float32. *)
    let back = "back:" ^ Dtype.name dt ^ "->float32" in
    kernel back a (create Dtype.Float32 [| n |]);
    memcpy back a
  in
  into "float32->bfloat16" Dtype.Bfloat16 f32n;
  into "float32->float16" Dtype.Float16 f32n;
  into "float32->float8_e4m3fn" Dtype.Float8_e4m3fn f32n;
  into "float32->float8_e5m2" Dtype.Float8_e5m2 f32n;
  into "float32->float4_e2m1fn" Dtype.Float4_e2m1fn f32n;
  let i4 = create Dtype.Int4 [| n |] in
  kernel "float32->int4" f32n i4;
  memcpy "float32->int4" f32n;
  kernel "back:int4->float32" i4 (create Dtype.Float32 [| n |]);
  memcpy "back:int4->float32" i4;
  kernel "float64->float16" f64n (create Dtype.Float16 [| n |]);
  memcpy "float64->float16" f64n;
  kernel "float64->bfloat16" f64n (create Dtype.Bfloat16 [| n |]);
  memcpy "float64->bfloat16" f64n;
  kernel "int32->float16" i32n (create Dtype.Float16 [| n |]);
  memcpy "int32->float16" i32n;
  (* OCaml's own float16 Bigarray, element by element. *)
  let f32a = Bigarray.array1_of_genarray f32 and f64a = Bigarray.array1_of_genarray f64 in
  let i32a = Bigarray.array1_of_genarray i32 in
  let h = A1.create Bigarray.float16 Bigarray.c_layout n in
  let loop case f = row "ocaml-float16-loop" case n (time f) in
  loop "float32->float16" (fun () -> for i = 0 to n - 1 do A1.unsafe_set h i (A1.unsafe_get f32a i) done);
  loop "float64->float16" (fun () -> for i = 0 to n - 1 do A1.unsafe_set h i (A1.unsafe_get f64a i) done);
  loop "int32->float16" (fun () -> for i = 0 to n - 1 do A1.unsafe_set h i (Int32.to_float (A1.unsafe_get i32a i)) done);
  let out = A1.create Bigarray.float32 Bigarray.c_layout n in
  loop "back:float16->float32" (fun () -> for i = 0 to n - 1 do A1.unsafe_set out i (A1.unsafe_get h i) done)

(* Scalar calls: the contenders of a table run in turns, each one loop of
   [n] calls per turn, for [turns] turns, and each keeps its best turn, so
   that all see the same moments of a noisy machine. Rows are
   [(impl, case, loop)]. *)
let best_in_turns ~turns fs =
  let best = Array.make (List.length fs) infinity in
  for _ = 1 to turns do
    List.iteri
      (fun k f ->
        let t0 = Unix.gettimeofday () in
        f ();
        best.(k) <- Float.min best.(k) (Unix.gettimeofday () -. t0))
      fs
  done;
  best

let in_turns ~turns n rows =
  let best = best_in_turns ~turns (List.map (fun (_, _, f) -> f) rows) in
  List.iteri (fun k (impl, case, _) -> row impl case 1 (best.(k) /. float n *. 1e9)) rows

(* Scalar stores: [stores] is inlined into each loop, whose dtype is then
   a constant, as in a caller's code, so that the inlined [Dtype.of_float]
   is one unboxed call. The inputs span the formats' ranges: about one in
   ten overflows the 8-bit ones. *)
let[@inline] stores (type s) (dt : (float, s) Dtype.t) n xs out =
  for i = 0 to n - 1 do out.(i land 1023) <- Dtype.of_float dt xs.(i land 1023) done

let of_float_rows () =
  let n = 1_000_000 in
  let xs =
    Array.init 1024 (fun i ->
        let r = Random.State.make [| i |] in
        let m = Random.State.float r 2. -. 1. in
        Float.ldexp m (Random.State.int r 24 - 12))
  in
  let out = Array.make 1024 0. in
  let h = A1.create Bigarray.float16 Bigarray.c_layout 1024 in
  in_turns ~turns:60 n
    [ ("ocaml-float16-set", "of_float:float16", fun () -> for i = 0 to n - 1 do
          A1.unsafe_set h (i land 1023) xs.(i land 1023) done);
      ("nx", "of_float:float64", fun () -> stores Float64 n xs out);
      ("nx", "of_float:float32", fun () -> stores Float32 n xs out);
      ("nx", "of_float:float16", fun () -> stores Float16 n xs out);
      ("nx", "of_float:bfloat16", fun () -> stores Bfloat16 n xs out);
      ("nx", "of_float:float8_e4m3fn", fun () -> stores Float8_e4m3fn n xs out);
      ("nx", "of_float:float8_e5m2", fun () -> stores Float8_e5m2 n xs out);
      ("nx", "of_float:float4_e2m1fn", fun () -> stores Float4_e2m1fn n xs out) ]

(* pp_value into a formatter flushed every 1024 values, as printing an
   array does; beside it, Format's own cost of a 17-character token (the
   floor under any pp_value), sprintf and string_of_float. [pp] is inlined
   into each row, whose dtype is then a constant, as in a caller's code. *)
let pp_value_rows () =
  let xs =
    Array.init 1024 (fun i ->
        Int64.float_of_bits (Int64.of_int (0x3f00_0000_0000_0000 + (i * 0x1234_5678_9abc))))
  in
  let b = Buffer.create 64 in
  let ppf = Format.formatter_of_buffer b in
  let printing m print () =
    for i = 0 to m - 1 do
      print i;
      if i land 1023 = 1023 then (Format.pp_print_flush ppf (); Buffer.clear b)
    done
  in
  let[@inline] pp (type s) m (dt : (float, s) Dtype.t) =
    let ys = Array.map (Dtype.of_float dt) xs in
    ("nx", "pp_value:" ^ Dtype.name dt, printing m (fun i -> Dtype.pp_value dt ppf ys.(i land 1023)))
  in
  let m = 100_000 in
  let text = "0.123456789012345" in
  in_turns ~turns:30 m
    [ pp m Dtype.Float64; pp m Dtype.Float32; pp m Dtype.Float16; pp m Dtype.Bfloat16;
      ("Format.pp_print_string", "pp_value:float64", printing m (fun _ -> Format.pp_print_string ppf text));
      ("sprintf-%.17g", "pp_value:float64", fun () -> for i = 0 to m - 1 do
          ignore (Sys.opaque_identity (Printf.sprintf "%.17g" xs.(i land 1023))) done);
      ("string_of_float", "pp_value:float64", fun () -> for i = 0 to m - 1 do
          ignore (Sys.opaque_identity (string_of_float xs.(i land 1023))) done) ]

let scalar () = of_float_rows (); pp_value_rows ()

(* One domain doing the whole work, and two doing a half each into memory
   of their own, in turns (see [in_turns]): float32 into bfloat16 (bound by
   memory), int32 into float16 (bound by the processor: the general
   kernel), and memcpy of the float32 source, which tells how far this
   machine's memory lets two cores go beyond one. The sources are views of
   nx_array storage, as in the bulk rows. *)
let scaling n =
  let f32 =
    Option.get (to_bigarray_view (of_bigarray Dtype.Float32 (f64_input n)))
  in
  let view ga = Option.get (of_bigarray_view ga) in
  let half = n / 2 in
  let halves ga = [| view (G.sub_left ga 0 half); view (G.sub_left ga half (n - half)) |] in
  let in_two f =
    let d = Domain.spawn (fun () -> f 1) in
    f 0;
    Domain.join d
  in
  let convert name src dt =
    let dst = create dt [| n |] and parts = [| create dt [| half |]; create dt [| n - half |] |] in
    let whole = view src and halves = halves src in
    ( "scaling:" ^ name ^ "->" ^ Dtype.name dt,
      (fun () -> cast_into whole dst),
      fun () -> in_two (fun k -> cast_into halves.(k) parts.(k)) )
  in
  let i32 = Option.get (to_bigarray_view (of_bigarray Dtype.Int32 (i32_input n))) in
  let copy =
    let src = buffer (view f32) in
    let dst = buffer (create Dtype.Uint8 [| A1.dim src |]) in
    let h = A1.dim src / 2 in
    let part a k = if k = 0 then A1.sub a 0 h else A1.sub a h (A1.dim a - h) in
    ( "scaling:memcpy",
      (fun () -> A1.blit src dst),
      fun () -> in_two (fun k -> A1.blit (part src k) (part dst k)) )
  in
  let cases = [ convert "float32" f32 Dtype.Bfloat16; convert "int32" i32 Dtype.Float16; copy ] in
  let best =
    best_in_turns ~turns:20 (List.concat_map (fun (_, one, two) -> [ one; two ]) cases)
  in
  List.iteri
    (fun i (case, _, _) ->
      row "1-domain" case n best.(2 * i);
      row "2-domains" case n best.((2 * i) + 1))
    cases

(* The output's bytes written with streaming stores alone (stream_stores.c). *)
external stream_stores : (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) A1.t -> unit
  = "nx_bench_stream_stores"

(* Block-scaled formats, rows apart from the others'.
   Dequantizing is timed into an existing array (Block.dequantize_into),
   in turns with memcpy of the output's bytes and with streaming stores of
   them alone (see [best_in_turns]), so that all see the same spells of
   the machine: the "bound" row is the time memcpy's rate gives the bytes
   dequantizing reads and writes, the "stores" row the time writing the
   output takes without reading anything.
   Quantizing is timed as [time] times a call, beside gguf-py's and
   numpy's (bench_numpy.py's block rows), from the same values. *)
(* The block types Gguf.get_as dequantizes, as bench_numpy.py lists them. *)
let gguf_types =
  [ "Q4_0"; "Q4_1"; "Q5_0"; "Q5_1"; "Q8_0"; "Q2_K"; "Q3_K"; "Q4_K"; "Q5_K"; "Q6_K";
    "IQ2_XXS"; "IQ2_XS"; "IQ2_S"; "IQ3_XXS"; "IQ3_S"; "IQ1_S"; "IQ1_M"; "IQ4_NL"; "IQ4_XS";
    "TQ1_0"; "TQ2_0"; "MXFP4"; "NVFP4" ]

let blocks n =
  let n = n / 64 * 64 in
  if n > 0 then begin
    let x = of_bigarray Dtype.Float32 (f64_input n) in
    let reps = max 1 (10_000_000 / n) in
    let deq scheme (type s) (dt : (float, s) Dtype.t) =
      let q = Block.quantize scheme x in
      let dst = create dt [| n |] in
      let case = Printf.sprintf "block:dequantize:%s->%s" (Block.scheme_name scheme) (Dtype.name dt) in
      let read = nbytes_of (Block.elements q)
                 + match Block.scales q with Some s -> nbytes_of s | None -> 0 in
      let written = nbytes_of dst in
      let src = buffer (create Dtype.Uint8 [| written |]) and copy = buffer (create Dtype.Uint8 [| written |]) in
      (* Written first: pages never written all read the one zero page,
         from the caches, and memcpy from them reads no memory (14 against
         22 ms for 200 MB on this machine class). *)
      A1.fill src '\x5a';
      let out = buffer dst in
      let best =
        best_in_turns ~turns:15
          [ (fun () -> for _ = 1 to reps do Block.dequantize_into q dst done);
            (fun () -> for _ = 1 to reps do A1.blit src copy done);
            (fun () -> for _ = 1 to reps do stream_stores out done) ]
      in
      let t = best.(0) /. float reps and m = best.(1) /. float reps in
      row "nx" case n t;
      (* memcpy moves 2 × written bytes in m. *)
      row "bound" case n (m *. float (read + written) /. float (2 * written));
      row "stores" case n (best.(2) /. float reps)
    in
    deq Block.Mxfp4 Dtype.Float32;
    deq Block.Mxfp4 Dtype.Bfloat16;
    deq Block.Nvfp4 Dtype.Float32;
    deq Block.Nvfp4 Dtype.Bfloat16;
    deq Block.Ggml_mxfp4 Dtype.Float32;
    deq Block.Ggml_q8_0 Dtype.Float32;
    deq Block.Ggml_q4_0 Dtype.Float32;
    deq Block.Mxfp8_e4m3 Dtype.Float32;
    deq Block.Mxfp8_e4m3 Dtype.Bfloat16;
    (* Gguf.get_as of each block type gguf-py dequantizes, from random
       bytes, into a new float32 array (its allocation included), beside
       gguf-py's quants.dequantize (bench_numpy.py's get_as rows). *)
    List.iter
      (fun name ->
        let ty = Option.get (Gguf.ggml_type_of_name name) in
        let nb = n / ty.block_size in
        Random.init ty.id;
        let src = String.init (nb * ty.type_size) (fun _ -> Char.chr (Random.int 256)) in
        let data = of_string Dtype.Uint8 [| String.length src |] src in
        let t = Gguf.Blocks { ggml_type = ty; dims = [| nb * ty.block_size |]; data } in
        let g = Result.get_ok (Gguf.of_string (Gguf.to_string ~metadata:[] [ ("t", t) ])) in
        let case = Printf.sprintf "block:get_as:%s->float32" name in
        row "nx" case n (time (fun () -> ignore (Sys.opaque_identity (Gguf.get_as Dtype.Float32 g "t")))))
      gguf_types;
    List.iter
      (fun scheme ->
        let case = Printf.sprintf "block:quantize:float32->%s" (Block.scheme_name scheme) in
        row "nx" case n (time (fun () -> ignore (Sys.opaque_identity (Block.quantize scheme x)))))
      Block.[ Mxfp4; Mxfp8_e4m3; Mxint8; Nvfp4; Ggml_q8_0; Ggml_q4_0; Ggml_mxfp4; Ggml_nvfp4 ]
  end

(* The ggml types of published models' GGUF files, dequantized beside
   llama.cpp's own to_float (bench_ggml.py, the same bytes): into an
   existing float32 array (Gguf.dequantize_into), in turns with memcpy of
   the output's bytes, whose rate gives the memory bound of the bytes read
   and written, as the block rows take it; and into a new bfloat16 array
   (Gguf.get_as, its allocation included), beside the same bound and the
   page faults of a new array of its bytes (fault-floor). The blocks are ggml_bytes's:
   a fixed byte sequence with each block's scales set to ordinary values,
   so that no NaN or infinity takes a rare path. *)
let ggml_types = [ "Q8_0"; "Q4_K"; "Q5_K"; "Q6_K"; "IQ4_XS"; "MXFP4"; "NVFP4" ]

(* Where each type's scales lie in a block, as (offset, bytes) with the
   value written there: float16 0x2400 (2^-6), E8M0 0x7f, UE4M3 0x38. *)
let ggml_scales = function
  | "Q8_0" | "IQ4_XS" -> [ (0, "\x00\x24") ]
  | "Q4_K" | "Q5_K" -> [ (0, "\x00\x24"); (2, "\x00\x24") ]
  | "Q6_K" -> [ (208, "\x00\x24") ]
  | "MXFP4" -> [ (0, "\x7f") ]
  | "NVFP4" -> [ (0, "\x38\x38\x38\x38") ]
  | t -> invalid_arg t

(* bench_ggml.py computes the same bytes. *)
let ggml_bytes (ty : Gguf.ggml_type) nb =
  let b = Bytes.init (nb * ty.type_size) (fun j -> Char.chr (((j * 1103515245) + 12345) lsr 16 land 255)) in
  for k = 0 to nb - 1 do
    List.iter (fun (o, v) -> Bytes.blit_string v 0 b ((k * ty.type_size) + o) (String.length v))
      (ggml_scales ty.type_name)
  done;
  Bytes.unsafe_to_string b

let ggml n =
  List.iter
    (fun name ->
      let ty = Option.get (Gguf.ggml_type_of_name name) in
      let nb = n / ty.block_size in
      if nb > 0 then begin
        let n = nb * ty.block_size in
        let src = ggml_bytes ty nb in
        let data = of_string Dtype.Uint8 [| String.length src |] src in
        let dst = create Dtype.Float32 [| n |] in
        let read = String.length src and written = 4 * n in
        let reps = max 1 (10_000_000 / n) in
        let a = buffer (create Dtype.Uint8 [| written |]) and b = buffer (create Dtype.Uint8 [| written |]) in
        A1.fill a '\x5a';
        let best =
          best_in_turns ~turns:15
            [ (fun () -> for _ = 1 to reps do Gguf.dequantize_into ty data dst done);
              (fun () -> for _ = 1 to reps do A1.blit a b done) ]
        in
        let case = Printf.sprintf "ggml:%s->float32" name in
        row "nx" case n (best.(0) /. float reps);
        row "bound" case n (best.(1) /. float reps *. float (read + written) /. float (2 * written));
        let t = Gguf.Blocks { ggml_type = ty; dims = [| n |]; data } in
        let g = Result.get_ok (Gguf.of_string (Gguf.to_string ~metadata:[] [ ("t", t) ])) in
        let case = Printf.sprintf "ggml:%s->bfloat16" name in
        row "nx" case n (time (fun () -> ignore (Sys.opaque_identity (Gguf.get_as Dtype.Bfloat16 g "t"))));
        row "bound" case n
          (best.(1) /. float reps *. float (read + (2 * n)) /. float (2 * written));
        (* A new array's floor: a fresh buffer of the output's bytes,
           advised for huge pages as nx_array's are, touched once (as
           alloc.ml's fault-floor). *)
        row "fault-floor" case n
          (time (fun () ->
               let d = buffer (create Dtype.Uint8 [| 2 * n |]) in
               A1.fill d 'y';
               ignore (Sys.opaque_identity d)))
      end)
    ggml_types

(* Quantizing float32 rows of 4096 into the ggml types as llama.cpp does
   (Gguf.quantize_into, one domain), beside ggml_quantize_chunk on the
   same values (bench_ggml.py's quantize_rows): the types of published
   models that Gguf.quantizes; those that need an importance matrix with
   quantize_imatrix. *)
let quantize_types =
  [ "Q8_0"; "Q4_0"; "Q4_K"; "Q5_K"; "Q6_K"; "IQ4_XS"; "MXFP4"; "NVFP4"; "IQ2_XXS"; "IQ2_XS"; "IQ2_S";
    "IQ3_XXS"; "IQ3_S"; "IQ1_S"; "IQ1_M" ]

let quantize_row = 4096

(* bench_ggml.py's quantize_imatrix: weight j of a row is 1 + (j mod 13) / 8. *)
let quantize_imatrix =
  lazy (of_array Dtype.Float32 [| quantize_row |] (Array.init quantize_row (fun j -> 1. +. (float (j mod 13) /. 8.))))

(* bench_ggml.py's quantize_values: a fixed sequence in [-1, 1). *)
let quantize_values n =
  let x = create Dtype.Float32 [| n |] in
  for j = 0 to n - 1 do
    set x [| j |] (float ((((j * 1103515245) + 12345) lsr 16) land 65535) /. 32768. -. 1.)
  done;
  x

let ggml_quantize n =
  let rows = n / quantize_row in
  if rows > 0 then begin
    let n = rows * quantize_row in
    let x = quantize_values n in
    List.iter
      (fun name ->
        let ty = Option.get (Gguf.ggml_type_of_name name) in
        if Gguf.quantizes ty then begin
          let dst = create Dtype.Uint8 [| n / ty.block_size * ty.type_size |] in
          let imatrix = if Gguf.requires_imatrix ty then Some (Lazy.force quantize_imatrix) else None in
          let q () = Result.get_ok (Gguf.quantize_into ?imatrix ~domains:1 ty ~n_per_row:quantize_row x dst) in
          row "nx" ("ggml-quantize:" ^ name) n (time q)
        end)
      quantize_types
  end

(* Opening a GGUF file whose metadata holds a tokenizer of 150,000 tokens
   (tokens, scores, token types and as many merges, 3.6 MB of header), as
   llama-3-class models carry, beside reading its header's bytes alone
   into memory: mapped (Gguf.map_file) and from a string already in
   memory (Gguf.of_string). *)
let tokenizer () =
  let k = 150_000 in
  let strings f = Gguf.Array (Gguf.array Gguf.String (List.init k (fun i -> Gguf.String (f i)))) in
  let metadata =
    [ ("general.architecture", Gguf.String "llama");
      ("tokenizer.ggml.model", Gguf.String "gpt2");
      (* Byte-level BPE's tokens and merges: "\xc4\xa0" is its "Ġ", a space. *)
      ("tokenizer.ggml.tokens", strings (Printf.sprintf "\xc4\xa0tok%d"));
      ("tokenizer.ggml.scores", Gguf.Array (Gguf.array Gguf.F32 (List.init k (fun i -> Gguf.Float (Gguf.F32, float i)))));
      ("tokenizer.ggml.token_type", Gguf.Array (Gguf.array Gguf.I32 (List.init k (fun _ -> Gguf.Int (Gguf.I32, 1)))));
      ("tokenizer.ggml.merges", strings (fun i -> Printf.sprintf "\xc4\xa0t%d \xc4\xa0k%d" i (i + 1))) ]
  in
  let w = of_array Dtype.Float32 [| 64; 64 |] (Array.make 4096 1.) in
  let text = Gguf.to_string ~metadata [ ("w", Gguf.Tensor w) ] in
  let file = Filename.temp_file "nx_bench" ".gguf" in
  Out_channel.with_open_bin file (fun oc -> Out_channel.output_string oc text);
  let g = Result.get_ok (Gguf.of_string text) in
  let header = Gguf.data_start g in
  let b = Bytes.create header in
  let read () =
    In_channel.with_open_bin file (fun ic -> ignore (In_channel.really_input ic b 0 header))
  in
  row "nx" "gguf-open:of_string" header (time (fun () -> ignore (Sys.opaque_identity (Gguf.of_string text))));
  row "nx" "gguf-open:map_file" header (time (fun () -> ignore (Sys.opaque_identity (Gguf.map_file file))));
  row "read" "gguf-open:map_file" header (time read);
  Sys.remove file

(* BENCH_ONLY=blocks, alloc or ggml runs those rows alone (make
   bench-blocks, bench-alloc, bench-gguf); BENCH_ONLY=tokenizer the
   opening of a file with a tokenizer alone, BENCH_ONLY=quantize the
   quantizing rows alone. *)
let () =
  print_endline "impl,case,n,seconds";
  match Sys.getenv_opt "BENCH_ONLY" with
  | Some "blocks" -> List.iter blocks sizes
  | Some "alloc" -> List.iter Alloc.rows sizes
  | Some "ggml" -> List.iter ggml sizes; List.iter ggml_quantize sizes; tokenizer ()
  | Some "tokenizer" -> tokenizer ()
  | Some "quantize" -> List.iter ggml_quantize sizes
  | _ ->
      List.iter bulk sizes;
      List.iter Alloc.rows sizes;
      List.iter blocks sizes;
      List.iter ggml sizes;
      List.iter ggml_quantize sizes;
      tokenizer ();
      scalar ();
      scaling (List.fold_left max 0 sizes)
