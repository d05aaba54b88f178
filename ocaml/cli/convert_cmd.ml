(* nx-dtype convert: a file of elements of one dtype into another, raw or
   .npy, streamed in chunks with constant memory. *)

open Nx_array

type opts = {
  mutable from : string option;
  mutable into : string option;
  mutable rounding : Nx_array.rounding;
  mutable overflow : Nx_array.overflow;
  mutable byte_order : Nx_array.byte_order;
  mutable files : string list;
}

let rounding_of = function
  | "nearest-even" -> Nearest_even | "nearest-away" -> Nearest_away
  | "toward-zero" -> Toward_zero | "toward-positive" -> Toward_positive
  | "toward-negative" -> Toward_negative
  | s -> Cli_error.fail "unknown rounding %S (nearest-even, nearest-away, toward-zero, toward-positive, toward-negative)" s

let overflow_of = function
  | "stores" -> Stores | "saturate" -> Saturate | "nan" -> Nan | "wrap" -> Wrap
  | "raise" -> Raise
  | s -> Cli_error.fail "unknown overflow %S (stores, saturate, nan, wrap, raise)" s

let byte_order_of = function
  | "little" -> Little_endian | "big" -> Big_endian
  | s -> Cli_error.fail "unknown byte order %S (little, big)" s

let parse args =
  let o = { from = None; into = None; rounding = Nearest_even; overflow = Stores;
            byte_order = Little_endian; files = [] } in
  let rec go = function
    | "--from" :: v :: r -> o.from <- Some v; go r
    | "--to" :: v :: r -> o.into <- Some v; go r
    | "--rounding" :: v :: r -> o.rounding <- rounding_of v; go r
    | "--overflow" :: v :: r -> o.overflow <- overflow_of v; go r
    | "--byte-order" :: v :: r -> o.byte_order <- byte_order_of v; go r
    | [ ("--from" | "--to" | "--rounding" | "--overflow" | "--byte-order") as f ] ->
        Cli_error.fail "%s needs a value" f
    | f :: _ when String.length f > 1 && f.[0] = '-' -> Cli_error.fail "unknown option %s" f
    | f :: r -> o.files <- o.files @ [ f ]; go r
    | [] -> ()
  in
  go args;
  o

let is_npy f = Filename.check_suffix (String.lowercase_ascii f) ".npy"

(* Elements per chunk: a multiple of 8, so that packed chunks end on a byte. *)
let chunk = 1 lsl 20

let progress_threshold = 64 * 1024 * 1024

let run args =
  let o = parse args in
  let need what = function Some v -> v | None -> Cli_error.fail "convert needs %s" what in
  let (Dtype.Any src) = Cli_error.dtype_of_name (need "--from DTYPE" o.from) in
  let (Dtype.Any dst) = Cli_error.dtype_of_name (need "--to DTYPE" o.into) in
  let input, output =
    match o.files with
    | [ i; out ] -> (i, out)
    | _ -> Cli_error.fail "convert needs an input and an output file"
  in
  let ic = try open_in_bin input with Sys_error e -> Cli_error.fail "cannot read %s" e in
  let total_bytes = in_channel_length ic in
  let in_order, count, npy_in =
    if is_npy input then begin
      let h = Npy.read_header ic in
      let order = Npy.order_of_descr src h.descr in
      let count = Array.fold_left ( * ) 1 h.shape in
      let data = total_bytes - pos_in ic in
      if data < Dtype.bytes src count then
        Cli_error.fail "%s: %d elements of %s need %d bytes, the file has %d" input count
          (Dtype.name src) (Dtype.bytes src count) data;
      (order, count, Some h)
    end
    else begin
      let bits = Dtype.bits src in
      if bits >= 8 && total_bytes mod (bits / 8) <> 0 then
        Cli_error.fail "%s: %d bytes is not a multiple of the %d-byte %s element" input
          total_bytes (bits / 8) (Dtype.name src);
      (o.byte_order, total_bytes * 8 / bits, None)
    end
  in
  let oc = try open_out_bin output with Sys_error e -> Cli_error.fail "cannot write %s" e in
  let cleanup () = close_out_noerr oc; (try Sys.remove output with Sys_error _ -> ()) in
  (try
     (if is_npy output then
        let shape, fortran_order =
          match npy_in with Some h -> (h.shape, h.fortran_order) | None -> ([| count |], false)
        in
        let out_order = o.byte_order in
        output_string oc
          (Npy.header_to_string { descr = Npy.descr_of dst out_order; fortran_order; shape }));
     let out_order = o.byte_order in
     let show = total_bytes > progress_threshold in
     let rec loop done_ =
       if done_ < count then begin
         let k = min chunk (count - done_) in
         let s = really_input_string ic (Dtype.bytes src k) in
         let a = Nx_array.of_string ~byte_order:in_order src [| k |] s in
         let b =
           try Nx_array.cast ~rounding:o.rounding ~overflow:o.overflow dst a
           with Invalid_argument msg ->
             Cli_error.fail "%s (in the chunk of elements from %d)" msg done_
         in
         output_string oc (Nx_array.to_string ~byte_order:out_order b);
         if show then
           Printf.eprintf "\rconvert: %3d%% (%d of %d elements)%!"
             (int_of_float (100. *. float (done_ + k) /. float count)) (done_ + k) count;
         loop (done_ + k)
       end
     in
     loop 0;
     if total_bytes > progress_threshold then prerr_newline ();
     close_out oc;
     close_in ic
   with
   | Invalid_argument msg -> cleanup (); Cli_error.fail "%s" msg
   | Cli_error.Usage _ as e -> cleanup (); raise e
   | End_of_file -> cleanup (); Cli_error.fail "%s ends early" input)
