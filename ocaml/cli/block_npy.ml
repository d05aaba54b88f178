(* nx-dtype quantize and dequantize on .npy files, streamed.

   quantize --scheme S IN.npy OUT writes OUT.elements.npy and
   OUT.scales.npy (bytes, as Block's layouts say), and for NVFP4
   OUT.tensor_scale.npy (a float32 scalar); for ggml's schemes
   OUT.blocks.npy. dequantize --scheme S OUT RESULT.npy reads them back.
   The blocks run along the last dimension of numpy's shape (C order).

   Every input is read with positioned reads (Npy_input) a piece of rows
   at a time, and every output written as the pieces are made, so memory
   is bounded by a piece (about 2^20 values) whatever the files' sizes. *)

open Nx_array

let failed = Cli_error.failed

let default_piece_values = 1 lsl 20


let with_last d x =
  let d = Array.copy d in
  d.(Array.length d - 1) <- x;
  d

(* {1 Outputs} *)

(* The .npy files [outs] (each a name and a header) as one set: every one
   checked against the [inputs] and created (a temporary file) before any
   is written; [write put] then gives their elements, [put i b] appending
   [b] to the [i]th; they are renamed into place only once all are
   written, and an error before the renames leaves none. *)
let write_npys ~inputs outs write =
  Sys.set_signal Sys.sigxfsz Sys.Signal_ignore;
  let input, also = (List.hd inputs, List.tl inputs) in
  let made = ref [] in
  let abort_all () = List.iter Output_file.abort !made in
  let fates () = String.concat ", " (List.rev_map Output_file.fate !made) in
  (try List.iter (fun (name, _) -> made := Output_file.create ~also ~input name :: !made) outs
   with e -> abort_all (); raise e);
  let files = Array.of_list (List.rev !made) and names = Array.of_list (List.map fst outs) in
  (* Unix.write and write_bigarray write every byte or raise. *)
  let writing i f =
    try ignore (f (Output_file.descr files.(i)))
    with Unix.Unix_error (e, _, _) ->
      failed "%s: cannot write: %s" names.(i) (Unix.error_message e)
  in
  let put i (b : buffer) = writing i (fun fd -> Unix.write_bigarray fd b 0 (Bigarray.Array1.dim b)) in
  (match
     List.iteri
       (fun i (_, h) -> writing i (fun fd -> Unix.write_substring fd h 0 (String.length h)))
       outs;
     write put
   with
   | () -> ()
   | exception Cli_error.Failed m -> abort_all (); failed "%s; %s" m (fates ())
   | exception e -> abort_all (); raise e);
  let rec commit = function
    | [] -> ()
    | o :: rest ->
        (try Output_file.commit o with e -> List.iter Output_file.abort rest; raise e);
        commit rest
  in
  commit (Array.to_list files)

let bytes_buffer n = Bigarray.Array1.create Bigarray.char Bigarray.c_layout n
let bytes_header shape = Npy.header_to_string { descr = "|u1"; fortran_order = false; shape }

(* {1 Quantize} *)

(* The float dtypes quantize reads. *)
type float_dtype = F : (float, 's) Dtype.t -> float_dtype

let float_dtype (Dtype.Any dt) =
  match dt with
  | Dtype.Float32 -> Some (F dt) | Dtype.Float64 -> Some (F dt)
  | Dtype.Float16 -> Some (F dt) | Dtype.Bfloat16 -> Some (F dt)
  | _ -> None

let accept_floats (Dtype.Any dt as d) =
  match float_dtype d with
  | Some _ -> None
  | None ->
      Some
        (Printf.sprintf "%s values are not float32, float64, float16 or bfloat16" (Dtype.name dt))

(* The values of [t], [blocks] blocks of [b] values, a piece at a time:
   [f first a] with [a] the values from the [first]th, a whole number of
   blocks, valid during the call. A block is the unit of every scheme
   (its scales are its own), so the pieces need not be whole rows: a
   single row of 2^30 values is read a piece at a time too. *)
let iter_blocks (type s) t (dt : (float, s) Dtype.t) ~piece_values ~blocks ~b f =
  let r = min blocks (max 1 (piece_values / b)) in
  let scratch = bytes_buffer (Dtype.bytes dt (r * b)) in
  let rec go blk =
    if blk < blocks then begin
      let n = min r (blocks - blk) in
      let buf = Bigarray.Array1.sub scratch 0 (Dtype.bytes dt (n * b)) in
      Npy_input.read t dt ~first:(blk * b) buf;
      f (blk * b) (of_buffer dt [| n * b |] buf);
      go (blk + n)
    end
  in
  go 0

(* NVFP4's tensor scale of all of [t]'s values, which
   Block.nvfp4_tensor_scale gives for an array in memory: a function of
   the values' largest finite magnitude, increasing, except that values
   whose scale would round to 0 get 1. The largest of the pieces' scales
   is so the whole's, once the pieces of such values alone are left
   out. *)
let nvfp4_tensor_scale t dt ~piece_values ~blocks ~b =
  (* The magnitude below which the scale, magnitude / 2688 in float32, is
     0: 2688 × 2^-150, a tie that rounds to even. *)
  let tiny = 2688. *. Float.ldexp 1. (-150) in
  let best = ref None in
  iter_blocks t dt ~piece_values ~blocks ~b (fun _ a ->
      let s = Block.nvfp4_tensor_scale a in
      let counts =
        s <> 1.
        || Array.exists (fun x -> Float.is_finite x && Float.abs x > tiny)
             (to_array (cast Dtype.Float64 a))
      in
      if counts then best := Some (match !best with Some b -> Float.max b s | None -> s));
  Option.value !best ~default:1.

(* Whether [s]'s blocks are one array of bytes (ggml's layouts) rather
   than elements and scales. *)
let one_array = function
  | Block.Ggml_q8_0 | Block.Ggml_q4_0 | Block.Ggml_mxfp4 | Block.Ggml_nvfp4 -> true
  | Block.Mxfp8_e4m3 | Block.Mxfp8_e5m2 | Block.Mxfp6_e2m3 | Block.Mxfp6_e3m2 | Block.Mxfp4
  | Block.Mxint8 | Block.Nvfp4 ->
      false

(* The last dimension of [d], which has one; and the rows it makes. *)
let rows_of d =
  let r = Array.length d in
  (d.(r - 1), Array.fold_left ( * ) 1 (Array.sub d 0 (r - 1)))

let quantize ?(piece_values = default_piece_values) ?dtype ?policy ?rounding ?tensor_scale scheme
    input out =
  let t = Npy_input.open_ ?dtype ~accept:accept_floats input in
  Fun.protect ~finally:(fun () -> Npy_input.close t) @@ fun () ->
  let (F dt) = Option.get (float_dtype t.dtype) in
  let f = Block.facts scheme and name = Block.scheme_name scheme in
  let d = t.dims in
  if Array.length d = 0 then
    failed "%s: one value, of no dimension: %s quantizes values whose last dimension is a \
            multiple of its block of %d" input name f.block_size;
  let k, rows = rows_of d in
  if k mod f.block_size <> 0 then
    failed "%s: shape %s: its last dimension, %d, is not a multiple of %s's block of %d" input
      (Shape_text.dims d) k name f.block_size;
  let b = f.block_size in
  let blocks = if k = 0 then 0 else rows * (k / b) in
  let tensor_scale =
    match tensor_scale with
    | None when scheme = Block.Nvfp4 -> Some (nvfp4_tensor_scale t dt ~piece_values ~blocks ~b)
    | s -> s
  in
  let each put =
    iter_blocks t dt ~piece_values ~blocks ~b (fun first a ->
        let q =
          try Block.quantize ?policy ?rounding ?tensor_scale scheme a
          with Invalid_argument _ as e -> (
            (* The values a scheme refuses (ggml_nvfp4's non-finite
               ones), named where numpy would index them. *)
            let xs = to_array (cast Dtype.Float64 a) in
            match Array.find_index (fun x -> not (Float.is_finite x)) xs with
            | Some i ->
                failed "%s: element %s is %s: %s has no scale for a block that holds it" input
                  (Shape_text.index d (first + i)) (Float.to_string xs.(i)) name
            | None -> raise e)
        in
        put 0 (buffer (Block.elements q));
        Option.iter (fun s -> put 1 (buffer s)) (Block.scales q))
  in
  let outs =
    if one_array scheme then
      [ (out ^ ".blocks.npy", bytes_header (with_last d (k / f.block_size * f.bytes_per_block))) ]
    else
      [ (out ^ ".elements.npy", bytes_header (with_last d (k * f.element_bits / 8)));
        (out ^ ".scales.npy", bytes_header (with_last d (k / f.scale_block))) ]
      @
      match tensor_scale with
      | Some x when scheme = Block.Nvfp4 ->
          (* A file of one value, whole in its "header". *)
          [ (out ^ ".tensor_scale.npy", Npy.to_string (of_array Dtype.Float32 [||] [| x |])) ]
      | _ -> []
  in
  write_npys ~inputs:[ t.stats ] outs each

(* {1 Dequantize} *)

let accept_bytes (Dtype.Any dt) =
  if Dtype.code dt = Dtype.code Dtype.Uint8 then None
  else Some (Printf.sprintf "its elements are %s, not bytes (uint8)" (Dtype.name dt))

let open_bytes file = Npy_input.open_ ~accept:accept_bytes file

(* The tensor scale in [file]: one float32 value. *)
let read_tensor_scale file =
  let accept (Dtype.Any dt) =
    if Dtype.code dt = Dtype.code Dtype.Float32 then None
    else Some (Printf.sprintf "the tensor scale is one float32 value, not %s" (Dtype.name dt))
  in
  let t = Npy_input.open_ ~accept file in
  Fun.protect ~finally:(fun () -> Npy_input.close t) @@ fun () ->
  let n = Array.fold_left ( * ) 1 t.dims in
  if n <> 1 then
    failed "%s: the tensor scale is one float32 value, not %d values %s" file n
      (Shape_text.dims t.dims);
  let b = bytes_buffer 4 in
  Npy_input.read t Dtype.Float32 ~first:0 b;
  let x = get (of_buffer Dtype.Float32 [| 1 |] b) [| 0 |] in
  if not (Float.is_finite x && x > 0.) then
    failed "%s: the tensor scale %s is not a positive finite value" file (Float.to_string x);
  (t.stats, x)

let need_dims (t : Npy_input.t) =
  if Array.length t.dims = 0 then
    failed "%s: one byte, of no dimension: blocks run along a last dimension" t.path

(* The inputs of a dequantize. *)
type inputs =
  | Blocks of Npy_input.t
  | Split of { elements : Npy_input.t; scales : Npy_input.t; tensor_scale : float option }

let dequantize ?(piece_values = default_piece_values) scheme (type s) (dt : (float, s) Dtype.t)
    prefix output =
  let f = Block.facts scheme and name = Block.scheme_name scheme in
  let opened = ref [] and extra = ref [] in
  let open_ file = let t = open_bytes file in opened := t :: !opened; t in
  Fun.protect ~finally:(fun () -> List.iter Npy_input.close !opened) @@ fun () ->
  let inputs, (k, rows, lead) =
    if one_array scheme then begin
      let b = open_ (prefix ^ ".blocks.npy") in
      need_dims b;
      let last, rows = rows_of b.dims in
      if last mod f.bytes_per_block <> 0 then
        failed "%s: shape %s: its last dimension, %d bytes, is not a whole number of %s's \
                blocks of %d bytes" b.path (Shape_text.dims b.dims) last name f.bytes_per_block;
      (Blocks b, (last / f.bytes_per_block * f.block_size, rows, b.dims))
    end
    else begin
      let e = open_ (prefix ^ ".elements.npy") in
      let s = open_ (prefix ^ ".scales.npy") in
      need_dims e;
      need_dims s;
      let last, rows = rows_of e.dims in
      let k = last * 8 / f.element_bits in
      if k mod f.block_size <> 0 then
        failed "%s: shape %s: its last dimension, %d bytes, holds %d values, not a multiple of \
                %s's block of %d" e.path (Shape_text.dims e.dims) last k name f.block_size;
      let want = with_last e.dims (k / f.scale_block) in
      if s.dims <> want then
        failed "%s: shape %s: the scales of %s (shape %s) need shape %s" s.path
          (Shape_text.dims s.dims) e.path (Shape_text.dims e.dims) (Shape_text.dims want);
      let tensor_scale =
        if scheme = Block.Nvfp4 then begin
          let stats, x = read_tensor_scale (prefix ^ ".tensor_scale.npy") in
          extra := [ stats ];
          Some x
        end
        else None
      in
      (Split { elements = e; scales = s; tensor_scale },
       (k, rows, e.dims))
    end
  in
  (* Pieces of whole blocks, each a row of bytes in every input. *)
  let b = f.block_size in
  let blocks = if k = 0 then 0 else rows * (k / b) in
  let r = min blocks (max 1 (piece_values / b)) in
  (* The bytes of blocks [blk] to [blk + n] of [t], [per] a block, in
     [scratch]. *)
  let read_blocks (t : Npy_input.t) ~per scratch ~blk ~n =
    let buf = Bigarray.Array1.sub scratch 0 (n * per) in
    Npy_input.read t Dtype.Uint8 ~first:(blk * per) buf;
    of_buffer Dtype.Uint8 [| n * per |] buf
  in
  let piece =
    match inputs with
    | Blocks t ->
        let per = f.bytes_per_block in
        let scratch = bytes_buffer (r * per) in
        fun ~blk ~n -> Block.v scheme ~dims:[| n * b |] (read_blocks t ~per scratch ~blk ~n)
    | Split { elements = e; scales = s; tensor_scale } ->
        let pe = b * f.element_bits / 8 and ps = b / f.scale_block in
        let se = bytes_buffer (r * pe) and ss = bytes_buffer (r * ps) in
        fun ~blk ~n ->
          Block.v ?tensor_scale ~scales:(read_blocks s ~per:ps ss ~blk ~n) scheme ~dims:[| n * b |]
            (read_blocks e ~per:pe se ~blk ~n)
  in
  let files = match inputs with Blocks b -> [ b ] | Split s -> [ s.elements; s.scales ] in
  let header =
    Npy.header_to_string { descr = Npy.descr dt; fortran_order = false; shape = with_last lead k }
  in
  let out = create dt [| r * b |] in
  write_npys ~inputs:(List.map (fun (t : Npy_input.t) -> t.stats) files @ !extra) [ (output, header) ]
    (fun put ->
      let rec go blk =
        if blk < blocks then begin
          let n = min r (blocks - blk) in
          let o = of_buffer dt [| n * b |] (Bigarray.Array1.sub (buffer out) 0 (Dtype.bytes dt (n * b))) in
          Block.dequantize_into (piece ~blk ~n) o;
          (* A .npy file holds elements of fewer than 8 bits (float4) a
             byte each, where the array packs two to a byte. *)
          put 0
            (if Dtype.bits dt >= 8 then buffer o
             else Private.to_file dt ~big_endian:false (buffer o) (n * b));
          go (blk + n)
        end
      in
      go 0)
