(* nx-dtype inspect [--stats] FILE: the tensors of a safetensors, .npy or
   .npz file, a line each: name, dtype, shape and bytes; with --stats,
   their smallest and largest values and their NaNs and infinities, read a
   piece at a time. *)

open Nx_array

type stats = {
  mutable min : float;
  mutable max : float;
  mutable nans : int;
  mutable infs : int;
  mutable seen : int;  (* values other than NaN *)
  mutable min64 : int64;  (* 64-bit integers, exactly *)
  mutable max64 : int64;
}

let piece = 1 lsl 20

let add st x =
  if Float.is_nan x then st.nans <- st.nans + 1
  else begin
    if not (Float.is_finite x) then st.infs <- st.infs + 1;
    if st.seen = 0 || x < st.min then st.min <- x;
    if st.seen = 0 || x > st.max then st.max <- x;
    st.seen <- st.seen + 1
  end

let add64 ~unsigned st x =
  let cmp = if unsigned then Int64.unsigned_compare else Int64.compare in
  if st.seen = 0 || cmp x st.min64 < 0 then st.min64 <- x;
  if st.seen = 0 || cmp x st.max64 > 0 then st.max64 <- x;
  st.seen <- st.seen + 1

let view a = Bigarray.array1_of_genarray (Option.get (to_bigarray_view a))

let floats st (v : (float, _, _) Bigarray.Array1.t) =
  for i = 0 to Bigarray.Array1.dim v - 1 do add st (Bigarray.Array1.unsafe_get v i) done

let ints st (v : (int, _, _) Bigarray.Array1.t) =
  for i = 0 to Bigarray.Array1.dim v - 1 do add st (float (Bigarray.Array1.unsafe_get v i)) done

(* The values of a piece: through a view of its bytes where Bigarray has
   its format, else converted to a format that holds them exactly
   (float32 for the small floats, int8 for 4-bit integers and booleans,
   whose conversions are the kernel's fast ones); 64-bit integers apart,
   exactly. *)
let scan st (Npy.Any a) =
  let a = reshape a [| size a |] in
  match dtype a with
  | Dtype.Float64 -> floats st (view a)
  | Dtype.Float32 -> floats st (view a)
  | Dtype.Float16 -> floats st (view a)
  | Dtype.Int8 -> ints st (view a)
  | Dtype.Uint8 -> ints st (view a)
  | Dtype.Int16 -> ints st (view a)
  | Dtype.Uint16 -> ints st (view a)
  | Dtype.Int32 ->
      let v = view a in
      for i = 0 to Bigarray.Array1.dim v - 1 do add st (Int32.to_float (Bigarray.Array1.unsafe_get v i)) done
  | Dtype.Uint32 ->
      (* Bigarray has no unsigned 32- or 64-bit kind: the bytes are read
         as signed integers' and their bits as unsigned. *)
      let v = view (of_buffer Dtype.Int32 [| size a |] (buffer a)) in
      for i = 0 to Bigarray.Array1.dim v - 1 do
        add st (float (Int32.to_int (Bigarray.Array1.unsafe_get v i) land 0xffffffff))
      done
  | Dtype.Int64 ->
      let v = view a in
      for i = 0 to Bigarray.Array1.dim v - 1 do add64 ~unsigned:false st (Bigarray.Array1.unsafe_get v i) done
  | Dtype.Uint64 ->
      let v = view (of_buffer Dtype.Int64 [| size a |] (buffer a)) in
      for i = 0 to Bigarray.Array1.dim v - 1 do add64 ~unsigned:true st (Bigarray.Array1.unsafe_get v i) done
  | Dtype.Bfloat16 | Dtype.Float8_e4m3fn | Dtype.Float8_e5m2 | Dtype.Float4_e2m1fn ->
      floats st (view (cast Dtype.Float32 a))
  | Dtype.Int4 | Dtype.Uint4 | Dtype.Bool | Dtype.Bit -> ints st (view (cast Dtype.Int8 a))
  | Dtype.Complex64 | Dtype.Complex128 -> ()

(* A value of [dt] as [dt] prints it. *)
let value (Dtype.Any dt) st which =
  let x = if which = `Min then st.min else st.max in
  match dt, Dtype.kind dt with
  | Dtype.Int64, _ -> Int64.to_string (if which = `Min then st.min64 else st.max64)
  | Dtype.Uint64, _ -> Printf.sprintf "%Lu" (if which = `Min then st.min64 else st.max64)
  | _, Dtype.Float -> Format.asprintf "%a" (Dtype.pp_value dt) x
  | _, (Dtype.Signed | Dtype.Unsigned) -> Printf.sprintf "%.0f" x
  | _, Dtype.Boolean -> if x = 0. then "false" else "true"
  | _, Dtype.Complex -> "-"

let stats_columns (t : Source.tensor) =
  let dash = [ "-"; "-"; "-"; "-" ] in
  match t.elements with
  | Untyped _ ->
      (* Read all the same: an archive's member is checked (its CRC-32). *)
      t.iter ~piece (fun _ -> ());
      dash
  | Typed (Dtype.Any dt as d) -> (
      match Dtype.kind dt with
      | Dtype.Complex -> dash
      | k ->
          let st = { min = 0.; max = 0.; nans = 0; infs = 0; seen = 0; min64 = 0L; max64 = 0L } in
          t.iter ~piece (scan st);
          let floats = match k with Dtype.Float -> true | _ -> false in
          let count n = if floats then string_of_int n else "-" in
          if st.seen = 0 then [ "-"; "-"; count st.nans; count st.infs ]
          else [ value d st `Min; value d st `Max; count st.nans; count st.infs ])


(* A name as the table prints it: as it is, or, if it holds a control
   character (a newline, an escape sequence), quoted and escaped. *)
let printable s =
  if String.exists (fun c -> Char.code c < 0x20 || Char.code c = 0x7f) s then Printf.sprintf "%S" s
  else s

(* The heading and table of the file [path], and the errors found: a file
   that cannot be read is an error, and the next file is inspected. *)
let inspect ~stats ~read path =
  if Source.format_of path = Source.Raw_file then
    Cli_error.fail "inspect reads .safetensors, .npy, .npz and .gguf files, PyTorch checkpoints \
                    and checkpoint directories; %s is none" path;
  match Source.open_ ~read ~byte_order:Little_endian path with
  | exception Cli_error.Failed m -> [ m ]
  | input ->
  let errors = ref [] in
  let row (t : Source.tensor) =
    let dtype =
      match (t.stored, t.elements) with
      | Some s, _ -> s
      | None, Typed (Dtype.Any dt) -> Dtype.name dt
      | None, Untyped u -> u.type_name
    in
    [ printable t.name; printable dtype; Shape_text.dims t.dims; string_of_int t.file_bytes ]
    @
    if not stats then []
    else
      (* A tensor that cannot be read (a CRC-32 that differs) is a row
         that says so, and an error once the table is out. *)
      match stats_columns t with
      | cols -> cols
      | exception Cli_error.Failed m -> errors := m :: !errors; [ "error"; "-"; "-"; "-" ]
  in
  let rows = List.map row input.tensors in
  let header =
    [ "name"; "dtype"; "shape"; "bytes" ] @ if stats then [ "min"; "max"; "nan"; "inf" ] else []
  in
  let numeric = [ false; false; false; true; true; true; true; true ] in
  Printf.printf "%s: %s, %d tensor%s%s%s\n" path (Source.format_name input.format)
    (List.length input.tensors)
    (if List.length input.tensors = 1 then "" else "s")
    input.about
    (match input.metadata with
     | Some kvs when kvs <> [] ->
         ", metadata "
         ^ String.concat ", " (List.map (fun (k, v) -> Printf.sprintf "%s=%S" (printable k) v) kvs)
     | _ -> "");
  Facts_cmd.print_table
    ~numeric:(List.filteri (fun i _ -> i < List.length header) numeric)
    (header :: rows);
  (* The members np.load cannot read: listed, then the command's errors. *)
  List.filter_map
    (fun (t : Source.tensor) ->
      match t.elements with Untyped u when u.broken -> Some u.why | _ -> None)
    input.tensors
  @ List.rev !errors

let run args =
  let stats = List.mem "--stats" args and read = List.mem "--no-map" args in
  let files = List.filter (fun a -> a <> "--stats" && a <> "--no-map") args in
  List.iter
    (fun f -> if String.length f > 1 && f.[0] = '-' then Cli_error.fail "unknown option %s" f)
    files;
  if files = [] then Cli_error.fail "inspect takes one or more FILEs";
  let broken =
    List.concat
      (List.mapi
         (fun i path ->
           if i > 0 then print_newline ();
           inspect ~stats ~read path)
         files)
  in
  if broken <> [] then begin
    flush stdout;
    Cli_error.failed "%s" (String.concat "\nnx-dtype: " broken)
  end
