(* Nx_array.Gguf.quantize_into against llama.cpp: the bytes of ggml's
   ggml_quantize_chunk (libggml-base, x86-64 without FMA) over the rows
   of quantize/corpus.txt and the seeded bulk rows, for every type of
   quantize/expected/ that Gguf.quantizes (gen.py made the vectors);
   the rows with a NaN or an infinity refused, naming the first, and
   those on which ggml aborts (IQ types of a grid), naming the row; the
   bulk rows again as one tensor large enough to be split across two
   domains; and the caller's errors. *)

open Nx_array
module G = Gguf

let check = Check.check
let dir = "quantize"

let lines file =
  In_channel.with_open_bin file In_channel.input_lines
  |> List.filter (fun l -> l <> "")
  |> List.map (String.split_on_char '\t')

let unhex s = String.init (String.length s / 2) (fun i -> Char.chr (int_of_string ("0x" ^ String.sub s (2 * i) 2)))
let hex s = String.concat "" (List.map (fun c -> Printf.sprintf "%02x" (Char.code c)) (List.of_seq (String.to_seq s)))
let f32s bytes = of_string Float32 [| String.length bytes / 4 |] bytes

(* FNV-1a, 64 bits, as gen.py hashes the bulk rows' bytes. *)
let fnv s =
  let h = ref 0xcbf29ce484222325L in
  String.iter (fun c -> h := Int64.mul (Int64.logxor !h (Int64.of_int (Char.code c))) 0x100000001b3L) s;
  Printf.sprintf "%016Lx" !h

(* The bulk rows and their importance matrix, as gen.py makes them:
   splitmix64 from a seed, 96 rows of 256 values. *)
let bulk () =
  let state = ref 0x6e78L in
  let next () =
    state := Int64.add !state 0x9e3779b97f4a7c15L;
    let z = !state in
    let z = Int64.mul (Int64.logxor z (Int64.shift_right_logical z 30)) 0xbf58476d1ce4e5b9L in
    let z = Int64.mul (Int64.logxor z (Int64.shift_right_logical z 27)) 0x94d049bb133111ebL in
    Int64.logxor z (Int64.shift_right_logical z 31)
  in
  let top w = Int64.to_int (Int64.shift_right_logical w 40) in
  let urem w n = Int64.to_int (Int64.unsigned_rem w (Int64.of_int n)) in
  let fdiv a b = if a >= 0 then a / b else -((-a + b - 1) / b) in
  let f32_bytes xs =
    let b = Buffer.create (4 * Array.length xs) in
    Array.iter (fun x -> Buffer.add_int32_le b (Int32.bits_of_float x)) xs;
    Buffer.contents b
  in
  let rows =
    List.init 96 (fun row ->
        let e = urem (next ()) 17 - 8 in
        let k = row mod 4 in
        let us =
          Array.init 256 (fun _ ->
              let w = next () in
              let u = top w - (1 lsl 23) in
              if k = 1 then fdiv (u * abs u) (1 lsl 23) else if k = 2 && urem w 8 <> 0 then 0 else u)
        in
        if k = 3 then begin
          let o = urem (next ()) 256 in
          us.(o) <- us.(o) * 64
        end;
        f32_bytes (Array.map (fun u -> Float.ldexp (float u) (e - 23)) us))
  in
  let im = f32_bytes (Array.init 256 (fun _ -> float (1 + (top (next ()) mod 1000)) /. 16.)) in
  (rows, im)

let quantize ?imatrix g x =
  let n = String.length x / 4 in
  let dst = create Uint8 [| n / g.G.block_size * g.type_size |] in
  match G.quantize_into ?imatrix:(Option.map f32s imatrix) g ~n_per_row:n (f32s x) dst with
  | Ok () -> Ok (to_string dst)
  | Error m -> Error m

(* The index of the first value of [x] that is not finite. *)
let first_nonfinite x =
  let rec go i =
    if Float.is_finite (Int32.float_of_bits (String.get_int32_le x (4 * i))) then go (i + 1) else i
  in
  go 0

let contains s sub =
  let n = String.length sub in
  let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
  go 0

let () =
  let rows = Hashtbl.create 64 and imatrices = Hashtbl.create 16 in
  List.iter
    (function
      | [ "row"; name; _; data ] -> Hashtbl.replace rows name (unhex data)
      | [ "imatrix"; n; data ] -> Hashtbl.replace imatrices (int_of_string n) (unhex data)
      | l -> failwith ("corpus.txt: " ^ String.concat " " l))
    (lines (Filename.concat dir "corpus.txt"));
  let bulk_rows, bulk_im = bulk () in
  let bulk_rows = Array.of_list bulk_rows in
  let files = Sys.readdir (Filename.concat dir "expected") in
  Array.sort compare files;
  let covered = ref [] in
  Array.iter
    (fun f ->
      match lines (Filename.concat dir ("expected/" ^ f)) with
      | ("type" :: name :: id :: _) :: vectors -> (
          match G.ggml_type_of_id (int_of_string id) with
          | Some g when g.G.type_name = name && G.quantizes g ->
              covered := name :: !covered;
              let before = !Check.failed in
              let count = ref 0 in
              List.iter
                (fun v ->
                  incr count;
                  match v with
                  | [ kind; what; weights; want ] -> (
                      let x =
                        if kind = "bulk" then bulk_rows.(int_of_string what) else Hashtbl.find rows what
                      in
                      let imatrix =
                        if weights <> "imatrix" then None
                        else if kind = "bulk" then Some bulk_im
                        else Some (Hashtbl.find imatrices (String.length x / 4))
                      in
                      let got = quantize ?imatrix g x in
                      let label = Printf.sprintf "%s %s %s %s" name kind what weights in
                      match (kind, want, got) with
                      | "nonfinite", _, Error m ->
                          let i = first_nonfinite x in
                          check (contains m (Printf.sprintf "value %d " i)) "%s: %S names not value %d" label m i
                      | "nonfinite", _, Ok _ -> check false "%s: not refused" label
                      | _, "crash", Error m ->
                          (* ggml aborts on this row: refused, naming it. *)
                          check (contains m "row 0 ") "%s: %S names not row 0" label m
                      | _, "crash", Ok _ -> check false "%s: not refused where ggml aborts" label
                      | _, _, Error m -> check false "%s: %s" label m
                      | "bulk", want, Ok b -> check (fnv b = want) "%s: hash %s, expected %s" label (fnv b) want
                      | _, want, Ok b -> check (hex b = want) "%s: bytes differ" label)
                  | _ -> check false "%s: a line of %d fields" f (List.length v))
                vectors;
              Printf.printf "%s: %d vectors, %d mismatches\n" name !count (!Check.failed - before);
              (* The bulk rows as one tensor of 1,152 rows (96 twelve
                 times): 1.2 MB, split across two domains; each row's
                 bytes those of the row alone. *)
              if not (G.requires_imatrix g) then begin
                let all = String.concat "" (List.concat (List.init 12 (fun _ -> Array.to_list bulk_rows))) in
                let row_bytes = 256 / g.block_size * g.type_size in
                let dst = create Uint8 [| 1152 * row_bytes |] in
                match G.quantize_into g ~n_per_row:256 (f32s all) dst with
                | Error m -> check false "%s: the large tensor: %s" name m
                | Ok () ->
                    let s = to_string dst in
                    for r = 0 to 1151 do
                      let want = quantize g bulk_rows.(r mod 96) in
                      check (want = Ok (String.sub s (r * row_bytes) row_bytes)) "%s: large tensor row %d" name r
                    done
              end
          | _ -> ())
      | _ -> check false "%s: no type line" f)
    files;
  check (List.mem "Q8_0" !covered) "Q8_0's vectors are checked";
  (* The caller's errors, and a bad importance matrix. *)
  let q8 = Option.get (G.ggml_type_of_name "Q8_0") in
  let f32 = Option.get (G.ggml_type_of_name "F32") and q8_1 = Option.get (G.ggml_type_of_name "Q8_1") in
  check (not (G.quantizes f32)) "F32 is not a block type to quantize";
  check (not (G.quantizes q8_1)) "Q8_1 is not quantized (llama.cpp has no quantizer)";
  check (not (G.requires_imatrix q8)) "Q8_0 needs no importance matrix";
  let x = create Float32 [| 64 |] and dst = create Uint8 [| 68 |] in
  let raises name f = Check.raises_invalid_arg ~name f in
  raises "rows of 48" (fun () -> G.quantize_into q8 ~n_per_row:48 x dst);
  raises "rows of 0" (fun () -> G.quantize_into q8 ~n_per_row:0 x dst);
  raises "not whole rows" (fun () -> G.quantize_into q8 ~n_per_row:64 (create Float32 [| 96 |]) dst);
  raises "short destination" (fun () -> G.quantize_into q8 ~n_per_row:32 x (create Uint8 [| 67 |]));
  raises "imatrix of a row of 32 for rows of 64" (fun () ->
      G.quantize_into ~imatrix:(create Float32 [| 32 |]) q8 ~n_per_row:64 x dst);
  raises "F32" (fun () -> G.quantize_into f32 ~n_per_row:32 x dst);
  let im = create Float32 [| 32 |] in
  set im [| 5 |] (-1.);
  (match G.quantize_into ~imatrix:im q8 ~n_per_row:32 x dst with
  | Error m -> check (contains m "value 5 ") "negative weight: %S" m
  | Ok () -> check false "a negative weight is refused");
  set im [| 5 |] Float.nan;
  (match G.quantize_into ~imatrix:im q8 ~n_per_row:32 x dst with
  | Error m -> check (contains m "value 5 ") "NaN weight: %S" m
  | Ok () -> check false "a NaN weight is refused");
  (* llama.cpp's order of tensor names (order.txt, gen_order.py: glibc's
     sscanf read the layers), from the list reversed and shuffled. *)
  let order = List.map unhex (lines (Filename.concat dir "order.txt") |> List.map (String.concat "")) in
  let shuffled = List.map snd (List.sort compare (List.mapi (fun i n -> ((i * 7919) mod 101, n)) order)) in
  List.iter
    (fun l ->
      let sorted = List.sort Quant_mix.compare_names l in
      check (sorted = order) "Quant_mix.compare_names sorts as llama.cpp's loader: %s"
        (String.concat " " (List.map String.escaped sorted)))
    [ List.rev order; shuffled ];
  Check.finish "test_quantize"
